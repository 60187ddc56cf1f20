"""FRAMES' evaluation: its baselines as systems, the autorater and number/date match, tables by type and article count."""
