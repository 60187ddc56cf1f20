"""Benchmark generators: one package per reproduced construction process (multihop/ so far)."""
