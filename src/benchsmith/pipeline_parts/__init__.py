"""The pieces behind `benchsmith.pipeline.Run`, one job per module.

checkpoint: one JSONL checkpoint per stage (one line per finished input).
ledger:     the failure ledger, rejected.jsonl, without duplicates across resumes.
state:      run.json (name, config, stage versions) and config-change detection.
execute:    ordered, bounded-concurrency calls of a stage function.
summary:    RunSummary and its table.
progress:   rich progress bars (off when not a terminal).
"""
