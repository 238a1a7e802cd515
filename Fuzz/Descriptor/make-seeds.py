#!/usr/bin/env python3
"""Writes the Descriptor target's seeds: each Plugins/*/plugin.json as a small 64-bit little-endian ELF
file with the sections a linker gives a plugin library (a null section, the section names and the
`strata_descriptor` section laid out as PluginDescriptorSection.bytes(json:) lays it out), and one with
the section names after the headers. Run from anywhere: python3 Fuzz/Descriptor/make-seeds.py"""
import pathlib, struct

root = pathlib.Path(__file__).resolve().parents[2]
corpus = pathlib.Path(__file__).resolve().parent / "corpus"

def section(json):
    return struct.pack("<4I", 0x43534453, 1, len(json), 0) + json + bytes((8 - len(json) % 8) % 8)

def header(name, kind, offset, size):
    return struct.pack("<IIQQQQIIQQ", name, kind, 0, 0, offset, size, 0, 0, 8, 0)

def elf(payload, names_last=False):
    names = b"\0.shstrtab\0strata_descriptor\0"
    body = bytearray(64)
    payload_at = len(body); body += payload
    names_at = None
    if not names_last:
        names_at = len(body); body += names
    body += bytes((8 - len(body) % 8) % 8)
    table_at = len(body)
    if names_last:
        names_at = table_at + 3 * 64
    body += header(0, 0, 0, 0) + header(1, 3, names_at, len(names)) + header(11, 1, payload_at, len(payload))
    if names_last:
        body += names
    ident = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
    body[0:64] = ident + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, table_at, 0, 64, 0, 0, 64, 3, 1)
    return bytes(body)

for plugin in sorted(root.glob("Plugins/*/plugin.json")):
    json = plugin.read_bytes()
    (corpus / f"{plugin.parent.name.lower()}.so").write_bytes(elf(section(json)))
running = (root / "Plugins/Running/plugin.json").read_bytes()
(corpus / "names-after-table.so").write_bytes(elf(section(running), names_last=True))
(corpus / "two-descriptors.so").write_bytes(elf(section(b'{"id":"a"}') + section(running)))
