"""Tests of the script frontend (tirx.script)."""
