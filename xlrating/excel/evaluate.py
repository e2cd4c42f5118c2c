"""The formulas xlrating writes, calculated as Excel calculates them, without Excel.

A workbook written by openpyxl holds formulas without the values Excel would show for
them; until something calculates them, a viewer, LibreOffice and Excel before its first
recalculation show nothing (or ``#NAME?``). :func:`calculate` gives the value of each
formula cell of a workbook, so the writer can store it beside its formula (see
:mod:`xlrating.workbook.cached`).

The formulas understood are exactly the kind xlrating writes (the calculators, the
``Live effective games`` column): numbers, text, ``TRUE``/``FALSE``, cell references and
ranges (``$B$5``, ``B13:B24``, ``Event!$B$4``, ``'My sheet'!A1``), the operators
``+ - * / ^ & = <> < > <= >=``, the functions ``IF``, ``AND``, ``OR``, ``NOT``, ``ISNUMBER`` and
``COUNT``, and every function of :mod:`xlrating.udfs`, called as xlwings calls it
(a range as a list of rows, a blank as ``None``, an error cell as its text) and its
errors turned into Excel's error values (``#VALUE!``, ``#N/A``). Anything else (another
function, an array formula, a reference loop) raises :class:`Unsupported`, and that
cell is left without a value rather than given a wrong one.

Excel's rules followed: a blank is 0 in arithmetic, ``""`` in text and equal to both;
text that reads as a number counts as one in arithmetic; in comparisons numbers come
before text, text before ``TRUE``/``FALSE``, and text compares without regard to case;
an error value passes through every operator and function but ``IF``'s branch not taken.
Pure Python (it runs in xlwings Lite).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from openpyxl.utils import column_index_from_string
from openpyxl.utils.datetime import to_excel

from ..errors import XlratingError
from .errors import ExcelError, call_function

__all__ = ["ExcelError", "Unsupported", "Value", "calculate_formula", "cell_value"]


Value = None | bool | int | float | str | ExcelError
"""A cell's value: ``None`` for a blank."""


class Unsupported(XlratingError, ValueError):
    """A formula outside the kind xlrating writes (see the module's text)."""


_TOKEN = re.compile(r"""
    \s+
  | (?P<string>"(?:[^"]|"")*")
  | (?P<reference>(?:(?P<sheet>'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?
        \$?(?P<c1>[A-Za-z]{1,3})\$?(?P<r1>[0-9]{1,7})(?::\$?(?P<c2>[A-Za-z]{1,3})\$?(?P<r2>[0-9]{1,7}))?
        (?![\w(!]))
  | (?P<function>[A-Za-z_][\w.]*)\(
  | (?P<boolean>TRUE|FALSE)(?![\w(])
  | (?P<number>(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)
  | (?P<operator><>|<=|>=|[-+*/^&=<>(),])
""", re.VERBOSE | re.IGNORECASE)

#: Excel's limit on nested functions (and so on what the formulas xlrating writes need).
_NESTING = 64
_COMPARISONS: dict[str, Callable[[int], bool]] = {
    "=": lambda c: c == 0, "<>": lambda c: c != 0, "<": lambda c: c < 0,
    ">": lambda c: c > 0, "<=": lambda c: c <= 0, ">=": lambda c: c >= 0,
}


@dataclass(frozen=True)
class Reference:
    """A cell or a range: its sheet (None: the formula's own) and corners, 1-based."""

    sheet: str | None
    top: int
    left: int
    bottom: int
    right: int

    @property
    def single(self) -> bool:
        return self.top == self.bottom and self.left == self.right


Node = tuple[Any, ...]
"""A parsed formula: ``("value", v)``, ``("ref", Reference)``, ``("unary", op, node)``,
``("binary", op, left, right)`` or ``("call", NAME, [nodes])``."""


def _tokens(text: str) -> Iterator[tuple[str, Any]]:
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise Unsupported(f"cannot read the formula at {text[position:position + 12]!r}")
        position = match.end()
        kind = match.lastgroup
        if kind is None:
            continue  # white space
        if kind in ("reference", "sheet", "c1", "r1", "c2", "r2"):
            sheet = match.group("sheet")
            if sheet and sheet.startswith("'"):
                sheet = sheet[1:-1].replace("''", "'")
            first = (int(match.group("r1")), column_index_from_string(match.group("c1").upper()))
            last = (int(match.group("r2")), column_index_from_string(match.group("c2").upper())) \
                if match.group("c2") else first
            yield "ref", Reference(sheet, min(first[0], last[0]), min(first[1], last[1]),
                                   max(first[0], last[0]), max(first[1], last[1]))
        elif kind == "string":
            yield "value", match.group(kind)[1:-1].replace('""', '"')
        elif kind == "number":
            number = float(match.group(kind))
            yield "value", int(number) if number.is_integer() and abs(number) < 2**53 else number
        elif kind == "boolean":
            yield "value", match.group(kind).upper() == "TRUE"
        elif kind == "function":
            yield "function", match.group(kind).upper()
        else:
            yield "operator", match.group(kind)


class _Parser:
    """Excel's precedence, lowest first: comparisons, ``&``, ``+ -``, ``* /``, ``^``, a sign."""

    def __init__(self, text: str) -> None:
        self.tokens = list(_tokens(text))
        self.at = 0
        self.depth = 0

    def parse(self) -> Node:
        node = self.comparison()
        if self.at != len(self.tokens):
            raise Unsupported(f"unexpected {self.tokens[self.at][1]!r}")
        return node

    def peek(self) -> str | None:
        if self.at < len(self.tokens) and self.tokens[self.at][0] == "operator":
            return str(self.tokens[self.at][1])
        return None

    def take(self) -> tuple[str, Any]:
        if self.at >= len(self.tokens):
            raise Unsupported("the formula ends too early")
        self.at += 1
        return self.tokens[self.at - 1]

    def binary(self, operators: tuple[str, ...], operand: Callable[[], Node]) -> Node:
        node = operand()
        while (operator := self.peek()) in operators:
            self.at += 1
            node = ("binary", operator, node, operand())
        return node

    def comparison(self) -> Node:
        return self.binary(tuple(_COMPARISONS), self.concatenation)

    def concatenation(self) -> Node:
        return self.binary(("&",), self.sum)

    def sum(self) -> Node:
        return self.binary(("+", "-"), self.product)

    def product(self) -> Node:
        return self.binary(("*", "/"), self.power)

    def power(self) -> Node:
        return self.binary(("^",), self.signed)

    def signed(self) -> Node:
        if self.peek() in ("-", "+"):
            operator = self.take()[1]
            return ("unary", operator, self.signed())
        return self.primary()

    def primary(self) -> Node:
        self.depth += 1
        try:
            if self.depth > _NESTING:
                raise Unsupported(f"brackets and functions nested deeper than {_NESTING}")
            return self.operand()
        finally:
            self.depth -= 1

    def operand(self) -> Node:
        kind, value = self.take()
        if kind in ("value", "ref"):
            return (kind, value)
        if kind == "function":
            arguments: list[Node] = []
            if self.peek() == ")":
                self.at += 1
                return ("call", value, arguments)
            while True:
                arguments.append(("value", None) if self.peek() in (",", ")") else self.comparison())
                closing = self.take()
                if closing == ("operator", ")"):
                    return ("call", value, arguments)
                if closing != ("operator", ","):
                    raise Unsupported(f"unexpected {closing[1]!r} in the arguments of {value}")
        if (kind, value) == ("operator", "("):
            node = self.comparison()
            if self.take() != ("operator", ")"):
                raise Unsupported("a bracket is not closed")
            return node
        raise Unsupported(f"unexpected {value!r}")


def cell_value(value: Any) -> Value:
    """A value as a cell holds it: a date or time as its serial number, text ``""`` as a blank."""
    if isinstance(value, (datetime, date, time)):
        return to_excel(value)  # type: ignore[no-any-return]
    if value is None or isinstance(value, (bool, int, float, str, ExcelError)):
        return None if value == "" else value
    raise Unsupported(f"a cell holds {type(value).__name__}")


Cells = Callable[[str, int, int], Value]
"""The value of a cell: ``cells(sheet, row, column)`` (a formula cell: its calculated value)."""


def calculate_formula(formula: str, sheet: str, cells: Cells) -> Value:
    """The value Excel shows for ``formula`` (with or without its ``=``) in a cell of ``sheet``.

    ``cells`` gives the value of any cell the formula refers to. Raises :class:`Unsupported`
    for a formula outside the kind xlrating writes.
    """
    node = _Parser(formula.removeprefix("=")).parse()
    result = _Evaluation(sheet, cells).value(node)
    if isinstance(result, float) and result.is_integer() and abs(result) < 2**53:
        return int(result)
    return 0 if result is None else result


class _Evaluation:
    def __init__(self, sheet: str, cells: Cells) -> None:
        self.sheet, self.cells = sheet, cells

    def rows(self, reference: Reference) -> list[list[Value]]:
        sheet = reference.sheet or self.sheet
        return [[self.cells(sheet, row, column) for column in range(reference.left, reference.right + 1)]
                for row in range(reference.top, reference.bottom + 1)]

    def evaluate(self, node: Node) -> Value | Reference:
        """A node's value; a reference stays one (a function decides what to make of it)."""
        kind = node[0]
        if kind in ("value", "ref"):
            return node[1]  # type: ignore[no-any-return]
        if kind == "unary":
            operand = _number(self.value(node[2]))
            if isinstance(operand, ExcelError):
                return operand
            return -operand if node[1] == "-" else operand
        if kind == "binary":
            return _binary(node[1], self.value(node[2]), self.value(node[3]))
        return self.call(node[1], node[2])

    def value(self, node: Node) -> Value:
        """A node's value as one cell's (a range where one value belongs is ``#VALUE!``)."""
        found = self.evaluate(node)
        if isinstance(found, Reference):
            if not found.single:
                return ExcelError("#VALUE!", "a range where one value belongs")
            return self.cells(found.sheet or self.sheet, found.top, found.left)
        return found

    def values(self, node: Node) -> Iterator[tuple[Value, bool]]:
        """A function argument's values, each with whether it came from a range."""
        found = self.evaluate(node)
        if isinstance(found, Reference) and not found.single:
            for row in self.rows(found):
                for value in row:
                    yield value, True
        else:
            yield self.value(node), isinstance(found, Reference)

    def call(self, name: str, arguments: list[Node]) -> Value:
        if name == "IF":
            if not 1 < len(arguments) <= 3:
                raise Unsupported("IF takes 2 or 3 arguments")
            condition = _truth(self.value(arguments[0]))
            if isinstance(condition, ExcelError):
                return condition
            if condition:
                return self.value(arguments[1])
            return self.value(arguments[2]) if len(arguments) == 3 else False
        if name in ("AND", "OR"):
            return self.logical(name, arguments)
        if name == "NOT":
            if len(arguments) != 1:
                raise Unsupported("NOT takes 1 argument")
            truth = _truth(self.value(arguments[0]))
            return truth if isinstance(truth, ExcelError) else not truth
        if name == "ISNUMBER":
            if len(arguments) != 1:
                raise Unsupported("ISNUMBER takes 1 argument")
            value = self.value(arguments[0])
            return isinstance(value, (int, float, date, time)) and not isinstance(value, bool)
        if name == "COUNT":
            return sum(1 for argument in arguments for value, ranged in self.values(argument)
                       if _counted(value, ranged))
        return self.worksheet_function(name, arguments)

    def logical(self, name: str, arguments: list[Node]) -> Value:
        truths: list[bool] = []
        for argument in arguments:
            for value, ranged in self.values(argument):
                if isinstance(value, ExcelError):
                    return value
                if value is None or (ranged and isinstance(value, str)):
                    continue  # a blank, and text in a range, are left out
                truth = _truth(value)
                if isinstance(truth, ExcelError):
                    return truth
                truths.append(truth)
        if not truths:
            return ExcelError("#VALUE!", f"{name} has no logical values")
        return all(truths) if name == "AND" else any(truths)

    def worksheet_function(self, name: str, arguments: list[Node]) -> Value:
        from ..udfs import __all__ as names

        if name not in names:
            raise Unsupported(f"the function {name} is not one xlrating writes")
        passed: list[Any] = []
        for argument in arguments:
            found = self.evaluate(argument)
            if isinstance(found, Reference) and not found.single:
                passed.append([[_as_passed(v) for v in row] for row in self.rows(found)])
            else:
                passed.append(_as_passed(self.value(argument)))
        from .. import udfs

        result = call_function(getattr(udfs, name), passed)
        if isinstance(result, list):
            raise Unsupported(f"{name} returns several values (a spilling formula)")
        return cell_value(result)


def _as_passed(value: Value) -> Any:
    """A value as xlwings hands it to a function: an error as its text."""
    return str(value) if isinstance(value, ExcelError) else value


def _counted(value: Value, ranged: bool) -> bool:
    """Whether ``COUNT`` counts ``value``: numbers; typed as an argument, also TRUE/FALSE and number text."""
    if isinstance(value, bool):
        return not ranged
    if isinstance(value, (int, float)):
        return True
    return not ranged and isinstance(value, str) and not isinstance(_number(value), ExcelError)


def _truth(value: Value) -> bool | ExcelError:
    if isinstance(value, ExcelError):
        return value
    if value is None:
        return False
    if isinstance(value, str):
        if value.upper() in ("TRUE", "FALSE"):
            return value.upper() == "TRUE"
        return ExcelError("#VALUE!", f"{value!r} is not TRUE or FALSE")
    return bool(value)


def _number(value: Value) -> float | ExcelError:
    if isinstance(value, ExcelError):
        return value
    if value is None:
        return 0.0
    if isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return ExcelError("#VALUE!", f"{value!r} is not a number")
        return number if math.isfinite(number) else ExcelError("#VALUE!", f"{value!r} is not a number")
    return float(value)


def _text(value: Value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() else format(value, ".15g")
    return str(value)


def _rank(value: Value) -> int:
    return 2 if isinstance(value, bool) else 1 if isinstance(value, str) else 0


def _compare(left: Value, right: Value) -> int:
    """-1, 0 or 1 as Excel orders two values (a blank is the other side's empty value)."""
    if left is None:
        left = "" if isinstance(right, str) else False if isinstance(right, bool) else 0
    if right is None:
        right = "" if isinstance(left, str) else False if isinstance(left, bool) else 0
    if _rank(left) != _rank(right):
        return -1 if _rank(left) < _rank(right) else 1
    a: Any = left.casefold() if isinstance(left, str) else left
    b: Any = right.casefold() if isinstance(right, str) else right
    return (a > b) - (a < b)  # type: ignore[no-any-return]


def _binary(operator: str, left: Value, right: Value) -> Value:
    for value in (left, right):
        if isinstance(value, ExcelError):
            return value
    if operator in _COMPARISONS:
        return _COMPARISONS[operator](_compare(left, right))
    if operator == "&":
        return _text(left) + _text(right)
    a, b = _number(left), _number(right)
    if isinstance(a, ExcelError):
        return a
    if isinstance(b, ExcelError):
        return b
    if operator == "+":
        result = a + b
    elif operator == "-":
        result = a - b
    elif operator == "*":
        result = a * b
    elif operator == "/":
        if b == 0:
            return ExcelError("#DIV/0!", "division by zero")
        result = a / b
    else:
        if a == 0 and b < 0:
            return ExcelError("#DIV/0!", "0 to a negative power")
        try:
            result = a ** b
        except OverflowError:
            return ExcelError("#NUM!", "too large a number")
        if isinstance(result, complex):
            return ExcelError("#NUM!", "a negative number to a fractional power")
    return result if math.isfinite(result) else ExcelError("#NUM!", "too large a number")
