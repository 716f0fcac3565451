"""The seed text format: a title line for the collection, then one abstract per blank-line-separated paragraph.

    ICML 2025 论文列表

    This paper studies zeroth-order optimization ...
    which may wrap over several lines.

    Panoramic image outpainting ...

The title line names the collection, not a paper, so it is not read as one. Papers get no title.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from kg.model import Paper

if TYPE_CHECKING:
    from kg.read import InputFile, Records

# A collection title is a short line; a first line this long was probably meant as an abstract.
LONG_HEADER = 200


def paragraphs(lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Blank-line-separated paragraphs, each joined into one line, with the number of its first line."""
    start, parts = 0, []
    for number, line in lines:
        text = line.strip()
        if text:
            if not parts:
                start = number
            parts.append(text)
        elif parts:
            yield start, " ".join(parts)
            parts = []
    if parts:
        yield start, " ".join(parts)


def _after_header(source: InputFile) -> Iterator[tuple[int, str]]:
    """The file's lines without its first non-blank line, the collection's title."""
    lines = source.lines()
    for number, line in lines:
        if line.strip():
            if len(line.strip()) > LONG_HEADER:
                source.warn(f"{source.path}:{number}: first line read as the collection's title, not as an abstract")
            break
    yield from lines


def read(source: InputFile) -> Records:
    for number, text in paragraphs(_after_header(source)):
        yield number, Paper(id="", abstract=text)
