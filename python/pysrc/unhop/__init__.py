"""unhop: peg solitaire and impartial games through formal languages and automata.

Every function is the Rust library's, compiled into the native module ``unhop._unhop``
(PyO3); nothing is computed again in Python. Long calls release the GIL and stop on Ctrl-C.

>>> import unhop
>>> unhop.solve("1101101").min_pegs
2
>>> unhop.count(20, board="finite")
2157
"""
from ._unhop import (  # noqa: F401
    Dfa,
    GaveUpError,
    RefusedError,
    Rules,
    Solution,
    __version__,
    board_count,
    board_solve,
    check,
    classes,
    count,
    counts,
    grundy,
    grundy_many,
    grundy_report,
    language,
    nim,
    octal,
    octal_period,
    octal_stats,
    parikh,
    period,
    pumping,
    reports,
    rules,
    schema,
    slide_solve,
    slide_distances,
    solve,
    table,
    table_stats,
    word_index,
    xor_family,
)

__all__ = [
    "Dfa",
    "GaveUpError",
    "RefusedError",
    "Rules",
    "Solution",
    "board_count",
    "board_solve",
    "check",
    "classes",
    "count",
    "counts",
    "grundy",
    "grundy_many",
    "grundy_report",
    "language",
    "nim",
    "octal",
    "octal_period",
    "octal_stats",
    "parikh",
    "period",
    "pumping",
    "reports",
    "rules",
    "schema",
    "slide_solve",
    "slide_distances",
    "solve",
    "table",
    "table_stats",
    "word_index",
    "xor_family",
]
