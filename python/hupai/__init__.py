"""hupai: mahjong hand evaluation through precomputed lookup tables.

Single hands and numpy batches over every rule set (generic, sichuan,
riichi, riichi3, mcr), with jokers, MCR, riichi and Sichuan scoring, the Sichuan
settlement of a whole round, and the discard EV. See ``hupai.Engine``.

>>> import hupai
>>> e = hupai.Engine(rules="riichi")
>>> e.shanten("123m456p789s1112z")
0
"""

from ._hupai import (
    KINDS,
    Analysis,
    Discard,
    DiscardEv,
    Effective,
    Engine,
    Fan,
    Hand,
    HandError,
    LimitError,
    Meld,
    ParseError,
    Payment,
    RiichiScore,
    Score,
    Settlement,
    SichuanScore,
    Waits,
    parse,
    tile_index,
    tile_name,
)

__all__ = [
    "KINDS",
    "Analysis",
    "Discard",
    "DiscardEv",
    "Effective",
    "Engine",
    "Fan",
    "Hand",
    "HandError",
    "LimitError",
    "Meld",
    "ParseError",
    "Payment",
    "RiichiScore",
    "Score",
    "Settlement",
    "SichuanScore",
    "Waits",
    "parse",
    "tile_index",
    "tile_name",
]
