"""Files: records, positions, board files, diagnostics and the TOML helpers."""
