"""The app's screens: start, table, round summary, game end, and the dialogs."""
