"""Reports on any benchmark: the data card (`card`) and the validation report (`validate --report`).

    bench = load_any(Path("bench/"))            # our folder of any kind, or a paper's own file
    html, md = build_card(bench)                # one self-contained HTML page + Markdown
    html, md, result, card = build_report(bench)   # validation_report: flags, difficulty, worst items

`load.py` reads every benchmark into `LoadedBenchmark` (questions for the statistics, and the
items the validators check); `card_stats.py` computes the card's figures, `svg.py` draws them,
`card_html.py` writes the page; `validation_report.py` runs the validators.
"""
