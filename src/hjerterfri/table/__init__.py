"""The table: a game being played, with its seats, its bots, the turn driver and the autosave. No Textual here."""
