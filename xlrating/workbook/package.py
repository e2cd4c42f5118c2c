"""A workbook file as a zip package: read safely, with every part's size bounded, and written back.

An ``.xlsx``/``.xlsm`` file is a zip archive of parts (``xl/workbook.xml``, one XML part
per sheet, styles, pictures...). :func:`read_package` reads one from disk, refusing
before anything is parsed:

- anything that is not a regular file (a folder, a device such as ``/dev/zero``, a FIFO,
  which would block forever, a socket), and a file larger than :data:`MAX_FILE`;
- a zip bomb: a part whose declared inflated size passes :data:`MAX_PART`, parts that
  declare more than :data:`MAX_TOTAL` together or inflate more than :data:`MAX_RATIO`
  times their compressed size; parts are inflated through :meth:`Package.part`, which
  stops at the declared size, so a part that lies about its size is refused as well;
- XML with a document type declaration (entities, as in the "billion laughs" attack):
  a workbook saved by Excel never has one.

:func:`write_package` writes a package with some parts replaced (or dropped) and every
other part copied unchanged.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .._files import Unreadable, read_regular
from .._files import size_text as _size
from ..errors import WorkbookError

#: The largest workbook file read, in bytes.
MAX_FILE = 256 * 2**20
#: The most one part may inflate to, in bytes.
MAX_PART = 512 * 2**20
#: The most all parts together may declare, in bytes.
MAX_TOTAL = 1024 * 2**20
#: The highest inflated-to-compressed ratio of a part larger than :data:`_RATIO_FLOOR`.
MAX_RATIO = 500
_RATIO_FLOOR = 16 * 2**20
#: The most parts a package may hold.
MAX_PARTS = 10_000

_OLE_SIGNATURE = bytes.fromhex("d0cf11e0a1b11ae1")
_ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")
_PROLOG_DECLARATION = re.compile(r"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)

_ENCODINGS = ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
              (b"\x00\x00\x00<", "utf-32-be"), (b"<\x00\x00\x00", "utf-32-le"),
              (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"),
              (b"\x00<", "utf-16-be"), (b"<\x00", "utf-16-le"))
"""How an XML document's first bytes give its encoding (XML 1.0, appendix F): a byte order
mark, or the first character ``<`` in UTF-32 or UTF-16; UTF-32's come first (they begin
as UTF-16's do). Anything else is read as UTF-8 (or another encoding that writes ``<`` and
the letters of a declaration as ASCII does)."""


def _characters(head: bytes) -> str:
    """The characters of a part's first bytes, in the encoding they give (see
    :data:`_ENCODINGS`); a character cut off at the end, or a byte that is not one, is
    replaced."""
    for start, encoding in _ENCODINGS:
        if head.startswith(start):
            return head.decode(encoding, errors="replace").removeprefix("\ufeff")
    return head.decode("utf-8", errors="replace")


def read_file(file: Path) -> bytes:
    """The bytes of the regular file ``file``, refused when it is anything else (a FIFO is
    never waited on) or larger than :data:`MAX_FILE` (see :func:`xlrating._files.read_regular`)."""
    try:
        return read_regular(file, MAX_FILE, "workbook")
    except Unreadable as error:
        raise WorkbookError(f"{file}: {error.reason}") from None


@dataclass
class Package:
    """The parts of a workbook file, read lazily from its bytes."""

    file: Path
    content: bytes
    archive: zipfile.ZipFile
    infos: dict[str, zipfile.ZipInfo]

    def has(self, name: str) -> bool:
        return name in self.infos

    def stream(self, name: str) -> io.BufferedReader:
        """Part ``name`` as a stream that refuses to inflate past its declared size."""
        raw = _Bounded(self.archive.open(self.infos[name]), self.infos[name].file_size, self.file, name)
        return io.BufferedReader(raw, 2**16)

    def part(self, name: str) -> bytes:
        """Part ``name``, inflated (bounded by its declared size, its checksum checked)."""
        with self.stream(name) as source:
            return source.read()

    def xml(self, name: str) -> bytes:
        """XML part ``name``, refused when it declares a document type or entities."""
        data = self.part(name)
        check_xml(data, self.file, name)
        return data


def check_xml(data: bytes, file: Path, name: str) -> None:
    """Refuse XML holding a document type declaration (the prolog is all that is looked at),
    in whichever encoding the part is written (:func:`_characters`)."""
    head = _characters(data[:4096])
    root = re.search(r"<[A-Za-z_]", head)
    prolog = head if root is None else head[:root.start()]
    if _PROLOG_DECLARATION.search(prolog):
        raise WorkbookError(f"{file}: refused: it holds unsafe XML (a document type declaration in {name}); "
                            "a workbook saved by Excel never does")


class _Bounded(io.RawIOBase):
    """A part's inflating stream that fails once it yields more than the part declared."""

    def __init__(self, source: IO[bytes], limit: int, file: Path, name: str) -> None:
        self._source, self._left, self._file, self._name = source, limit, file, name

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        try:
            data = self._source.read(min(len(buffer), self._left + 1))
        except zipfile.BadZipFile as error:
            if "CRC" not in str(error):
                raise WorkbookError(f"{self._file}: is damaged (part {self._name}: {error})") from None
            # zipfile stops at the declared size, so a bomb that understates it ends here too.
            raise WorkbookError(f"{self._file}: is damaged (part {self._name} does not inflate to the size "
                                "it declares, or fails its checksum)") from None
        except (zlib.error, EOFError) as error:
            raise WorkbookError(f"{self._file}: is damaged (part {self._name}: {error})") from None
        if len(data) > self._left:
            raise WorkbookError(f"{self._file}: refused: part {self._name} inflates past the size it "
                                "declares (a zip bomb?)")
        self._left -= len(data)
        buffer[:len(data)] = data
        return len(data)

    def close(self) -> None:
        self._source.close()
        super().close()


def read_package(file: Path) -> Package:
    """Read the workbook at ``file`` and check it as a package (see the module docstring)."""
    return open_package(read_file(file), file)


def open_package(content: bytes, file: Path) -> Package:
    """The workbook package whose bytes are ``content``, checked as :func:`read_package`
    checks a file (``file`` names it in messages)."""
    if content.startswith(_OLE_SIGNATURE):
        if _ENCRYPTED_STREAM in content:
            raise WorkbookError(
                f"{file}: is password-protected (encrypted); xlrating cannot read it. "
                "Remove the password in Excel (File > Info > Protect Workbook > Encrypt with Password) "
                "and try again.")
        raise WorkbookError(
            f"{file}: is an Excel 97-2003 (.xls) or other OLE file, not an .xlsx workbook. "
            "Open it in Excel and save it as an Excel Workbook (.xlsx).")
    if not content.startswith(b"PK"):
        raise WorkbookError(f"{file}: is not an Excel workbook (.xlsx or .xlsm)")
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
        listed = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, ValueError) as error:
        raise WorkbookError(f"{file}: is damaged (not a readable zip archive: {error})") from None
    if len(listed) > MAX_PARTS:
        raise WorkbookError(f"{file}: refused: it holds {len(listed):,} parts; a workbook has far fewer")
    infos: dict[str, zipfile.ZipInfo] = {}
    total = 0
    for info in listed:
        declared, packed = info.file_size, info.compress_size
        if declared > MAX_PART:
            raise WorkbookError(f"{file}: refused: part {info.filename} inflates to {_size(declared)}, more "
                                f"than the {_size(MAX_PART)} xlrating reads (a zip bomb?)")
        if declared > _RATIO_FLOOR and declared > MAX_RATIO * max(packed, 1):
            ratio = declared // max(packed, 1)
            raise WorkbookError(f"{file}: refused: part {info.filename} inflates {ratio:,} times "
                                "(a zip bomb?)")
        total += declared
        if total > MAX_TOTAL:
            raise WorkbookError(f"{file}: refused: its parts inflate to more than {_size(MAX_TOTAL)} "
                                "(a zip bomb?)")
        if info.flag_bits & 0x01:
            raise WorkbookError(f"{file}: is damaged (part {info.filename} is encrypted)")
        if info.filename in infos:
            raise WorkbookError(f"{file}: is damaged (part {info.filename} is stored twice)")
        infos[info.filename] = info
    if "xl/workbook.xml" not in infos or "[Content_Types].xml" not in infos:
        raise WorkbookError(f"{file}: is a zip file but not an Excel workbook (.xlsx or .xlsm)")
    package = Package(file=file, content=content, archive=archive, infos=infos)
    for name in infos:
        if name.endswith((".xml", ".rels", ".vml")):
            with package.stream(name) as source:
                check_xml(source.read(4096), file, name)
    return package


def write_package(package: Package, target: IO[bytes], replaced: Mapping[str, bytes | None]) -> None:
    """Write ``package`` to ``target``: parts in ``replaced`` take their new bytes (None drops
    them), every other part is copied unchanged, in the original order; parts of ``replaced``
    the package lacks are added after them."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, allowZip64=True) as out:
        for name, info in package.infos.items():
            if name in replaced:
                data = replaced[name]
                if data is None:
                    continue
                copy = zipfile.ZipInfo(name, date_time=info.date_time)
                copy.compress_type = zipfile.ZIP_DEFLATED
                copy.external_attr = info.external_attr
                out.writestr(copy, data, compresslevel=6)
            else:
                _copy_part(package, info, out)
        for name, data in replaced.items():
            if name not in package.infos and data is not None:  # a new part
                out.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                             compress_type=zipfile.ZIP_DEFLATED, compresslevel=6)


def _copy_part(package: Package, info: zipfile.ZipInfo, out: zipfile.ZipFile) -> None:
    """Copy a part's compressed bytes as they are: no inflating, no deflating."""
    source = package.content
    start = info.header_offset
    if source[start:start + 4] != b"PK\x03\x04":
        raise WorkbookError(f"{package.file}: is damaged (part {info.filename} has no local header)")
    name_length, extra_length = struct.unpack("<HH", source[start + 26:start + 30])
    data = start + 30 + name_length + extra_length
    raw = source[data:data + info.compress_size]
    if len(raw) != info.compress_size:
        raise WorkbookError(f"{package.file}: is damaged (part {info.filename} is cut short)")
    copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
    copy.compress_type = info.compress_type
    copy.external_attr = info.external_attr
    copy.create_system = info.create_system
    copy.flag_bits = info.flag_bits & ~0x08  # sizes in the header, no data descriptor
    copy.CRC, copy.compress_size, copy.file_size = info.CRC, info.compress_size, info.file_size
    zip64 = info.file_size > zipfile.ZIP64_LIMIT or info.compress_size > zipfile.ZIP64_LIMIT
    # What ZipFile.writestr does once it has compressed the data (zipfile has no public
    # way to add bytes that are already compressed).
    copy.header_offset = out.fp.tell()  # type: ignore[union-attr]
    out.fp.write(copy.FileHeader(zip64))  # type: ignore[union-attr]
    out.fp.write(raw)  # type: ignore[union-attr]
    out.filelist.append(copy)
    out.NameToInfo[copy.filename] = copy
    out.start_dir = out.fp.tell()  # type: ignore[union-attr]
    out._didModify = True  # type: ignore[attr-defined]
