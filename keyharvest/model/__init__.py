"""The vocabulary of the game: catalogue, board, steps, state and setup (no rules, text or
files)."""
