"""Composed (HotpotQA-style) multihop questions from the profiles of encyclopedic documents."""
