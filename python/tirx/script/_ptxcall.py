"""Calls in the original's PTX spelling, through ``tirx.ptxtable``."""

from ._builder import UserError


def call_variant(variant, text, args, kwargs):
    raise UserError(f"PTX instruction '{text}' ({variant.op}) is not wired yet")
