"""Exports written in pieces: a piece is copied from the previous file only when it is there as it was."""

from __future__ import annotations

from pathlib import Path

from kg.export.pieces import PieceWriter, Reuse, salt_of


def render(inputs: dict) -> list[str]:
    return [f"<{inputs['name']}/>", f'{{"name": "{inputs["name"]}"}}']


def write(folder: Path, names: list[str], previous: Path | None = None, indexes: dict | None = None,
          salt: str = "s") -> tuple[Reuse, PieceWriter]:
    folder.mkdir(parents=True, exist_ok=True)
    reuse = Reuse(root=folder, previous=previous, indexes=indexes or {})
    paths = [folder / "a.xml", folder / "a.json"]
    with open(paths[0], "wb") as xml, open(paths[1], "wb") as json_file:
        writer = PieceWriter([xml, json_file], paths, salt, reuse, separators=[None, ",\n"])
        writer.text("<doc>\n", "[")
        for name in names:
            writer.piece({"name": name}, render)
        writer.text("\n</doc>\n", "]\n")
        writer.close()
    return reuse, writer


def test_pieces_of_the_previous_files_are_copied_and_new_ones_rendered(tmp_path):
    first, writer = write(tmp_path / "one", ["alpha", "beta"])
    assert (writer.rendered, writer.copied) == (2, 0)
    assert (tmp_path / "one" / "a.json").read_text() == '[{"name": "alpha"},\n{"name": "beta"}]\n'
    second, writer = write(tmp_path / "two", ["gamma", "alpha", "beta"], tmp_path / "one", first.written)
    assert (writer.rendered, writer.copied) == (1, 2)
    assert (second.rendered, second.copied) == (1, 2)
    assert (tmp_path / "two" / "a.xml").read_text() == "<doc>\n<gamma/><alpha/><beta/>\n</doc>\n"
    assert (tmp_path / "two" / "a.json").read_text() == ('[{"name": "gamma"},\n{"name": "alpha"},\n'
                                                         '{"name": "beta"}]\n')


def test_a_truncated_or_missing_previous_file_is_rendered_again(tmp_path):
    first, _ = write(tmp_path / "one", ["alpha", "beta"])
    xml = tmp_path / "one" / "a.xml"
    xml.write_bytes(xml.read_bytes()[:10])
    _, writer = write(tmp_path / "two", ["alpha", "beta"], tmp_path / "one", first.written)
    assert writer.copied == 0 and (tmp_path / "two" / "a.xml").read_text() == "<doc>\n<alpha/><beta/>\n</doc>\n"
    only_one = {"a.xml": first.written["a.xml"]}
    _, writer = write(tmp_path / "three", ["alpha"], tmp_path / "one", only_one)
    assert (writer.copied, writer.rendered) == (0, 1)


def test_another_salt_renders_every_piece(tmp_path):
    first, _ = write(tmp_path / "one", ["alpha"], salt="old code")
    _, writer = write(tmp_path / "two", ["alpha"], tmp_path / "one", first.written, salt="new code")
    assert (writer.copied, writer.rendered) == (0, 1)


def test_a_salt_changes_with_the_settings_it_is_given():
    assert salt_of({"option": 1}) == salt_of({"option": 1})
    assert salt_of({"option": 1}) != salt_of({"option": 2}) != salt_of()
