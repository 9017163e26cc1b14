"""Evaluation: ask a question set against ZEHN and a plain-retrieval baseline, and grade both with code.

Modules: ``questions`` (loaders, format detected per line), ``terms`` (key-term extraction for support recall),
``metrics`` (pure graders), ``records`` (the graded shape of one answer), ``baseline`` (chunk retrieval, no graph,
no gate), ``runner`` (ingest into a separate graph, ask, check citations), ``report`` (JSON and Markdown).
"""
