"""Evaluation: importers, retrieval and generation metrics, systems under test, statistics and reports."""
