"""hupai: mahjong hand evaluation through precomputed lookup tables.

Single hands and numpy batches over every rule set (generic, sichuan,
riichi, mcr), with jokers and MCR scoring. See ``hupai.Engine``.

>>> import hupai
>>> e = hupai.Engine(rules="riichi")
>>> e.shanten("123m456p789s1112z")
0
"""

from ._hupai import (
    KINDS,
    Discard,
    Effective,
    Engine,
    Fan,
    Hand,
    HandError,
    Meld,
    ParseError,
    Score,
    Waits,
    parse,
    tile_index,
    tile_name,
)

__all__ = [
    "KINDS",
    "Discard",
    "Effective",
    "Engine",
    "Fan",
    "Hand",
    "HandError",
    "Meld",
    "ParseError",
    "Score",
    "Waits",
    "parse",
    "tile_index",
    "tile_name",
]
