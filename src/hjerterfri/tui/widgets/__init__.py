"""Table widgets that take plain data (cards, names, counts), so the replay viewer can reuse them."""
