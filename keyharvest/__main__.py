"""``python -m keyharvest``: the same as the ``keyharvest`` command."""

from .cli import main

if __name__ == "__main__":
    main()
