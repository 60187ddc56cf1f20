"""Local review of generated items: a web page over a benchmark folder, an append-only decision trail, export.

- `items`: a benchmark folder (any item kind) and its corpus, and what the page shows and may edit of an item;
- `trail`: BENCH/review/trail.jsonl, every decision appended atomically; state is replayed from it;
- `revalidate`: the kind's validators on the item and on every edit (an edit that breaks grounding is refused);
- `session`: one reviewer's view: statuses, resume point, agreement report;
- `agreement`: Cohen's kappa over accept/reject for each pair of reviewers;
- `server`: the stdlib HTTP server and the page (static/, no CDN);
- `export`: the reviewed benchmark in every format its generator writes.
"""
