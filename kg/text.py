"""Text cleaning shared by the readers: markup to plain text, code links, derived ids and titles.

Abstracts arrive with HTML (`<em>`, `&amp;`), LaTeX (`$\\alpha$`, `\\emph{X}`, `\\url{X}`) and Markdown
(`**X**`, `_X_`, `` `X` ``). `clean_markup` turns all of them into plain text once, before extraction, so that the
evidence offsets computed later point into the text every export shows.
"""

from __future__ import annotations

import bisect
import hashlib
import html
import re
import unicodedata

# ---------------------------------------------------------------------------------------------------------------
# Invisible characters, HTML and Markdown
# ---------------------------------------------------------------------------------------------------------------

# Zero-width space, word joiner, BOM, soft hyphen, Mongolian vowel separator, and C0 controls other than whitespace.
_INVISIBLE = re.compile("[\u200b\u2060\ufeff\u00ad\u180e\x00-\x08\x0e-\x1f\x7f]")
# A lone surrogate (JSON allows "\ud800") cannot be written as UTF-8.
_SURROGATE = re.compile("[\ud800-\udfff]")
# ZWJ/ZWNJ join emoji and shape Persian or Indic script; next to ASCII they do nothing.
_IDLE_JOINER = re.compile("[\u200c\u200d](?=[\x00-\x7f]|$)|(?:(?<=[\x00-\x7f])|^)[\u200c\u200d]")

_BLOCK_TAGS = "p|br|hr|div|li|ul|ol|tr|td|th|table|tbody|thead|h[1-6]|blockquote|pre|section|article|title|dl|dt|dd"
_INLINE_TAGS = (
    "b|i|u|em|strong|sub|sup|span|a|code|tt|small|big|font|strike|del|ins|mark|abbr|cite|q|img|nobr|wbr|kbd|var"
    "|samp|math|mi|mo|mn|ms|mtext|mrow|msub|msup|msubsup|mfrac|msqrt|mover|munder|semantics|italic|bold|sc"
    "|jats:[a-z-]+|mml:[a-z]+"
)
_ATTRS = r"""(?:\s+[\w:.-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*\s*/?"""
# Only known tag names: `<s>`, `</s>` and `<unk>` are tokens that NLP abstracts talk about, not markup.
_BLOCK_TAG = re.compile(rf"</?(?:{_BLOCK_TAGS}){_ATTRS}>", re.IGNORECASE)
_INLINE_TAG = re.compile(rf"</?(?:{_INLINE_TAGS}){_ATTRS}>", re.IGNORECASE)
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")

_TEX_QUOTES = re.compile(r"``([^`]*?)''")
_MD_CODE = re.compile(r"`([^`\n]+)`")
_TEX_SINGLE_QUOTES = re.compile(r"`([^`'’\n]{1,200})(['’])")
_MD_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
# '_Foo2Bar_', '__Foo__': emphasis by underscores around words, not 'snake_case' nor a subscript ('f(x)_{i}')
_MD_UNDERSCORES = re.compile(r"(?<![\w\\$})\]])(_{1,2})(?=[^\s_])([^_\n]*?[^\s_\\])\1(?![\w{(])")
_MD_LINK = re.compile(r"(?<!\\)\[([^\[\]\n]+)\]\(((?:https?://|www\.)[^\s()]+)\)")
# `~` is a TeX tie between two words ("Fig.~1", "model~\cite{x}"); elsewhere ("~5%", "/~user") it is content.
_TIE = re.compile(r"(?<=[\w.,;:)\]}])~(?=[\w\\({\[$])")
_WHITESPACE = re.compile(r"\s+")
# 'performance.Our method', 'instead?We propose', '(LLMs).In particular': a sentence glued to the one before it (a
# line break lost on the way), which the tokenizer reads as one word and the sentence splitter as one sentence. Not
# 'e.g.The' nor 'x.y.FooGP' (letters before the stop are one), nor inside a link ('1drv.ms/f/s!Atd').
_GLUED_SENTENCE = re.compile(r"(?<=[a-z]{2}[.?]|[a-z][)\]][.?])(?=[A-Z][a-z]+\b)")
_MARKDOWN_HINT = re.compile(r"[`*_]|\]\(")


def _strip_html(text: str) -> str:
    text = _BLOCK_TAG.sub(" ", text)
    text = _INLINE_TAG.sub("", text)
    return _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)


def _link_text(label: str, url: str) -> str:
    bare = re.sub(r"^(?:https?://)?(?:www\.)?", "", url).rstrip("/")
    if re.sub(r"^(?:https?://)?(?:www\.)?", "", label.strip()).rstrip("/") == bare:
        return url
    return f"{label} ({url})"


def _markdown_and_quotes(text: str) -> str:
    text = _TEX_QUOTES.sub(r'"\1"', text)
    text = text.replace("``", '"')
    text = _MD_CODE.sub(r"\1", text)
    text = _TEX_SINGLE_QUOTES.sub(lambda m: ("‘" if m.group(2) == "’" else "'") + m.group(1) + m.group(2), text)
    text = _MD_BOLD.sub(r"\1", text)
    if "$" not in text and "\\" not in text:  # (in LaTeX an underscore is a subscript)
        text = _MD_UNDERSCORES.sub(r"\2", text)
    return _MD_LINK.sub(lambda m: _link_text(m.group(1), m.group(2)), text)


# ---------------------------------------------------------------------------------------------------------------
# LaTeX
# ---------------------------------------------------------------------------------------------------------------

_GREEK = (
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi"
    " chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega"
).split()
_WORDS: dict[str, str] = {name: name for name in _GREEK}
_WORDS.update(
    varepsilon="epsilon", eps="epsilon", vartheta="theta", varphi="phi", varrho="rho", varsigma="sigma",
    varpi="pi", varkappa="kappa", LaTeX="LaTeX", TeX="TeX", BibTeX="BibTeX", infty="infinity",
)
_SYMBOLS: dict[str, str] = {
    "times": "×", "cdot": "·", "leq": "≤", "le": "≤", "leqslant": "≤", "geq": "≥", "ge": "≥", "geqslant": "≥",
    "neq": "≠", "ne": "≠", "ll": "≪", "gg": "≫", "approx": "≈", "sim": "∼", "simeq": "≃", "cong": "≅",
    "propto": "∝", "equiv": "≡", "pm": "±", "mp": "∓", "div": "÷", "to": "→", "rightarrow": "→",
    "longrightarrow": "→", "leftarrow": "←", "gets": "←", "Rightarrow": "⇒", "implies": "⇒", "Leftarrow": "⇐",
    "Leftrightarrow": "⇔", "iff": "⇔", "leftrightarrow": "↔", "mapsto": "↦", "uparrow": "↑", "downarrow": "↓",
    "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇",
    "cup": "∪", "cap": "∩", "setminus": "∖", "emptyset": "∅", "varnothing": "∅", "forall": "∀", "exists": "∃",
    "partial": "∂", "nabla": "∇", "sum": "∑", "prod": "∏", "int": "∫", "ell": "ℓ", "top": "⊤", "perp": "⊥",
    "circ": "∘", "star": "⋆", "ast": "*", "dagger": "†", "ddagger": "‡", "mid": "|", "vert": "|", "Vert": "‖",
    "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "lbrace": "{",
    "rbrace": "}", "otimes": "⊗", "oplus": "⊕", "odot": "⊙", "wedge": "∧", "land": "∧", "vee": "∨", "lor": "∨",
    "neg": "¬", "lnot": "¬", "prime": "′", "ldots": "...", "dots": "...", "cdots": "...", "dotsc": "...",
    "textellipsis": "...", "degree": "°", "textdegree": "°", "S": "§", "copyright": "©", "textregistered": "®",
    "texttrademark": "™", "textendash": "–", "textemdash": "—", "textasciitilde": "~", "textbackslash": "\\",
    "textunderscore": "_", "textless": "<", "textgreater": ">", "textbar": "|", "textquotesingle": "'",
    "ss": "ß", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "l": "ł",
    "L": "Ł", "i": "ı", "j": "ȷ", "euro": "€", "pounds": "£", "checkmark": "✓", "bullet": "•", "colon": ":",
    "backslash": "\\", "sharp": "♯", "flat": "♭", "hbar": "ℏ", "aleph": "ℵ", "Re": "ℜ", "Im": "ℑ", "wp": "℘",
    "bot": "⊥", "models": "⊨", "vdash": "⊢", "lesssim": "≲", "gtrsim": "≳", "preceq": "⪯", "succeq": "⪰",
    "prec": "≺", "succ": "≻", "triangleq": "≜", "coloneqq": "≔", "defeq": "≝", "square": "□", "blacksquare": "■",
}
_ESCAPES: dict[str, str] = {
    "%": "%", "&": "&", "#": "#", "_": "_", "$": "$", "{": "{", "}": "}", "\\": " ", " ": " ", ",": " ",
    ";": " ", ":": " ", ">": " ", "!": "", "/": "", "-": "", "|": "‖", "\n": " ", "\t": " ", "@": "",
}
# Accents: `\'e` -> e + combining acute; NFC later composes them into é.
_ACCENTS: dict[str, str] = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304", ".": "\u0307",
}
_LETTER_ACCENTS: dict[str, str] = {
    "c": "\u0327", "v": "\u030c", "u": "\u0306", "H": "\u030b", "k": "\u0328", "r": "\u030a", "d": "\u0323",
    "b": "\u0331",
}
_KEEP_ARG = frozenset(
    "textbf textit emph textsc texttt textrm textsf textup textsl textnormal textmd underline uline mbox hbox"
    " text mathrm mathbf mathit mathcal mathbb mathsf mathtt mathfrak mathscr mathnormal mathds boldsymbol bm"
    " pmb operatorname operatorname* hat widehat tilde widetilde bar overline vec dot ddot check breve acute"
    " grave mathring underbrace overbrace footnote enquote textsuperscript textsubscript ensuremath mathbbm"
    " bold boldmath".split()
)
_DROP_ARG = frozenset(
    "cite citep citet citealp citealt citeauthor citeyear parencite textcite ref eqref autoref cref Cref label"
    " pageref vspace vspace* hspace hspace* color bibliography bibliographystyle includegraphics begin end"
    " newcommand renewcommand thanks".split()
)
_SECOND_ARG = frozenset({"textcolor", "colorbox", "foreignlanguage"})
_FRACTIONS = frozenset({"frac", "tfrac", "dfrac", "cfrac"})
_DECLARATIONS = frozenset(
    "em bf it rm sc tt sf sl bfseries itshape ttfamily scshape slshape sffamily rmfamily normalfont upshape"
    " mdseries tiny scriptsize footnotesize normalsize Large LARGE huge Huge noindent displaystyle textstyle"
    " scriptstyle scriptscriptstyle left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl"
    " Biggr bigm Bigm limits nolimits centering par newline linebreak pagebreak newpage item protect relax xspace"
    " nonumber notag ignorespaces maketitle smallskip medskip bigskip hfill vfill small large".split()
)
_SPACES = frozenset({"quad", "qquad", "enspace", "thinspace", "enskip", "space", "nobreakspace"})

_COMMAND = re.compile(r"\\([A-Za-z]+\*?|.)", re.DOTALL)
_TEXT_SPECIAL = re.compile(r"[\\{}$]")
_MATH_SPECIAL = re.compile(r"[\\{}^_~&]")
_LATEXISH = re.compile(r"\\(?:[A-Za-z]|[%&#_${}'\"`^~=.,;!\\()\[\] ])|\$[^\s$\d]")
# Outside LaTeX, braces around one word are still TeX's case protection ("we propose {FALCON}").
_PROTECTED_WORD = re.compile(r"\{([^\W_](?:[^\W_]|-){0,39}|[–—])\}")
_DOUBLE_BACKSLASH = re.compile(r"\\\\(?=[A-Za-z%&#_])")
_URL_ESCAPE = re.compile(r"\\([_%#&$~/])")
_SIMPLE_SCRIPT = re.compile(r"-?[\w.′']+|[^\w\s]")
_BRACE_TOKEN = re.compile(r"\\.|[{}]", re.DOTALL)
_MAX_DEPTH = 60
_MAX_INLINE_MATH = 2000


def _brace_pairs(s: str) -> dict[int, int]:
    """Offset of each `{` in `s` -> offset of the `}` that closes it; a `{` never closed is left out."""
    pairs: dict[int, int] = {}
    open_at: list[int] = []
    for m in _BRACE_TOKEN.finditer(s):
        token = m.group(0)
        if token == "{":
            open_at.append(m.start())
        elif token == "}" and open_at:
            pairs[open_at.pop()] = m.start()
    return pairs


def _escaped(s: str, k: int) -> bool:
    """Whether the character at `k` follows an odd number of backslashes."""
    j = k
    while j > 0 and s[j - 1] == "\\":
        j -= 1
    return (k - j) % 2 == 1


def _dollar_closers(s: str) -> list[int]:
    """Offsets of every `$` that may close inline math: unescaped, after a non-space, not before a digit."""
    return [
        k for k in (m.start() for m in re.finditer(r"\$", s))
        if k > 0 and not _escaped(s, k) and not s[k - 1].isspace() and not (k + 1 < len(s) and s[k + 1].isdigit())
    ]


def _has_inline_math(s: str) -> bool:
    closers = _dollar_closers(s)
    openers = (m.start() for m in re.finditer(r"\$", s))
    return any(_inline_math_end(s, i, closers) >= 0 for i in openers if not _escaped(s, i))


def _skip_spaces(s: str, i: int) -> int:
    while i < len(s) and s[i] in " \t\n\r":
        i += 1
    return i


def _inline_math_end(s: str, i: int, closers: list[int]) -> int:
    """Index of the `$` that closes inline math opened at `i`, or -1 (pandoc's rule keeps "$5 and $10" as text)."""
    if i + 1 >= len(s) or s[i + 1].isspace():
        return -1
    x = bisect.bisect_right(closers, i)
    if x < len(closers) and closers[x] - i <= _MAX_INLINE_MATH:
        return closers[x]
    return -1


class _TeX:
    """A small LaTeX-to-text converter: commands, groups and math, without any typesetting."""

    def __init__(self, pair_dollars: bool = False) -> None:
        self.depth = 0
        self.pairs: dict[int, int] = {}  # brace pairs of the string being converted
        self.closers: list[int] | None = None  # its `$` that may close inline math, found when first needed
        self.unclosed: set[str] = set()  # the closing delimiters it lacks
        self.pair_dollars = pair_dollars  # every `$` opens or closes math, as in TeX, spaces or not

    def convert(self, s: str, math: bool) -> str:
        if self.depth > _MAX_DEPTH:
            return s
        self.depth += 1
        outer = self.pairs, self.closers, self.unclosed
        self.pairs, self.closers, self.unclosed = (_brace_pairs(s) if "{" in s else {}), None, set()
        try:
            return self._convert(s, math)
        finally:
            self.depth -= 1
            self.pairs, self.closers, self.unclosed = outer

    def _convert(self, s: str, math: bool) -> str:
        out: list[str] = []
        special = _MATH_SPECIAL if math else _TEXT_SPECIAL
        i, n = 0, len(s)
        while i < n:
            m = special.search(s, i)
            if m is None:
                out.append(s[i:])
                break
            out.append(s[i : m.start()])
            i = m.start()
            piece, i = self._special(s, i, math, out)
            out.append(piece)
        return "".join(out)

    def _special(self, s: str, i: int, math: bool, out: list[str]) -> tuple[str, int]:
        c = s[i]
        if c == "\\":
            return self._command(s, i, math, out)
        if c == "{":
            j = self.pairs.get(i, -1)
            if j < 0:
                return "{", i + 1
            return self.convert(s[i + 1 : j], math), j + 1
        if c == "}":
            return "}", i + 1
        if c == "$":
            return self._math(s, i)
        if c in "^_":
            arg, j = self._arg(s, i + 1)
            body = self.convert(arg, True).strip()
            if not body:
                return "", j
            return (c + body if _SIMPLE_SCRIPT.fullmatch(body) else f"{c}({body})"), j
        return " ", i + 1  # `~` and `&` in math are spacing and alignment

    def _math(self, s: str, i: int) -> tuple[str, int]:
        if s.startswith("$$", i):
            j = s.find("$$", i + 2)
            if j < 0:
                return "$$", i + 2
            return " " + self.convert(s[i + 2 : j], True) + " ", j + 2
        if self.pair_dollars:
            j = self._next_dollar(s, i + 1)
        else:
            if self.closers is None:
                self.closers = _dollar_closers(s)
            j = _inline_math_end(s, i, self.closers)
        if j < 0:
            return "$", i + 1
        return self.convert(s[i + 1 : j], True), j + 1

    @staticmethod
    def _next_dollar(s: str, k: int) -> int:
        while (k := s.find("$", k)) >= 0 and _escaped(s, k):
            k += 1
        return k

    def _arg(self, s: str, i: int) -> tuple[str, int]:
        """The raw text of the next argument: a `{group}`, a command or one character."""
        i = _skip_spaces(s, i)
        if i >= len(s):
            return "", i
        if s[i] == "{":
            j = self.pairs.get(i, -1)
            if j >= 0:
                return s[i + 1 : j], j + 1
            return "", i + 1
        if s[i] == "\\":
            m = _COMMAND.match(s, i)
            if m:
                return m.group(0), m.end()
        return s[i], i + 1

    def _optional(self, s: str, i: int) -> tuple[str, int]:
        j = _skip_spaces(s, i)
        if j < len(s) and s[j] == "[":
            k = s.find("]", j)
            if k >= 0:
                return s[j + 1 : k], k + 1
        return "", i

    def _command(self, s: str, i: int, math: bool, out: list[str]) -> tuple[str, int]:
        m = _COMMAND.match(s, i)
        if m is None:
            return "\\", i + 1
        name, i = m.group(1), m.end()
        if name in ("(", "["):
            close = "\\)" if name == "(" else "\\]"
            j = -1 if close in self.unclosed else s.find(close, i)
            if j < 0:
                self.unclosed.add(close)
                return "", i
            body = self.convert(s[i:j], True)
            return (body if name == "(" else f" {body} "), j + 2
        if name in (")", "]"):
            return "", i
        if name in _ACCENTS or (name in _LETTER_ACCENTS and s.startswith("{", i)):
            return self._accent(s, i, name, math)
        if name in _ESCAPES:
            return _ESCAPES[name], i
        return self._named(name, s, i, math, out)

    def _accent(self, s: str, i: int, name: str, math: bool) -> tuple[str, int]:
        arg, i = self._arg(s, i)
        base = {"\\i": "i", "\\j": "j"}.get(arg.strip()) or self.convert(arg, math)
        if not base:
            return (name if name in _ACCENTS else ""), i  # `\~{}` is a tilde
        return base[0] + (_ACCENTS.get(name) or _LETTER_ACCENTS[name]) + base[1:], i

    def _named(self, name: str, s: str, i: int, math: bool, out: list[str]) -> tuple[str, int]:
        if name in ("url", "path", "nolinkurl"):
            arg, i = self._arg(s, i)
            return _URL_ESCAPE.sub(r"\1", arg), i
        if name == "href":
            url, i = self._arg(s, i)
            label, i = self._arg(s, i)
            return _link_text(self.convert(label, math), _URL_ESCAPE.sub(r"\1", url)), i
        if name in _DROP_ARG:
            _, i = self._optional(s, i)
            _, i = self._optional(s, i)
            _, i = self._arg(s, i)
            return "", i
        if name in _SECOND_ARG:
            _, i = self._arg(s, i)
            arg, i = self._arg(s, i)
            return self.convert(arg, math), i
        if name in _FRACTIONS:
            top, i = self._arg(s, i)
            bottom, i = self._arg(s, i)
            return f"{self._operand(top)}/{self._operand(bottom)}", i
        if name == "sqrt":
            _, i = self._optional(s, i)
            arg, i = self._arg(s, i)
            return self._word("sqrt", "", 0, out) + f"({self.convert(arg, True).strip()})", i
        if name in _KEEP_ARG:
            arg, i = self._arg(s, i)
            return self.convert(arg, math), i
        if name in _DECLARATIONS:
            if name in ("left", "right") and s.startswith(".", i):
                i += 1
            return "", _skip_spaces(s, i)
        if name in _SPACES:
            return " ", i
        if name in _SYMBOLS:
            return _SYMBOLS[name], i
        if s.startswith("{", i) and name not in _WORDS:
            arg, i = self._arg(s, i)  # an unknown macro with an argument is usually styling: keep the content
            return self.convert(arg, math), i
        return self._word(_WORDS.get(name, name.rstrip("*")), s, i, out), i

    def _word(self, word: str, s: str, i: int, out: list[str]) -> str:
        """A command rendered as a word, kept apart from letters or digits around it."""
        before = next((piece[-1] for piece in reversed(out) if piece), "")
        if before.isalnum():
            word = " " + word
        if i < len(s) and s[i].isalnum():
            word += " "
        return word

    def _operand(self, raw: str) -> str:
        text = self.convert(raw, True).strip()
        if re.fullmatch(r"-?[\w.]+|[\w]+\([^()]*\)", text):
            return text
        return f"({text})"


def _in_url(text: str, pos: int) -> bool:
    """Whether `pos` lies inside a URL (looking back no further than a URL's usual length)."""
    window = max(pos - 300, 0)
    start = max(text.rfind(" ", window, pos), text.rfind("{", window, pos), text.rfind("\n", window, pos), window - 1)
    token = text[start + 1 : pos]
    return "://" in token or token.startswith("www.")


def _latex(text: str, latex: bool | None) -> str:
    if "~" in text:
        text = _TIE.sub(lambda m: "~" if _in_url(text, m.start()) else " ", text)
    if latex is None:
        latex = bool(_LATEXISH.search(text)) or _has_inline_math(text)
    if not latex:
        return _PROTECTED_WORD.sub(r"\1", text) if "{" in text else text
    text = _DOUBLE_BACKSLASH.sub(r"\\", text)
    dollars = sum(1 for m in re.finditer(r"\$", text) if not _escaped(text, m.start()))
    pair = dollars % 2 == 0 and bool(re.search(r"\\[A-Za-z]", text))
    return _TeX(pair_dollars=pair).convert(text, math=False)


def clean_markup(text: str, latex: bool | None = None) -> str:
    """Plain text from an abstract or title that may hold HTML, LaTeX or Markdown markup.

    `latex=None` decides from the text whether it is LaTeX, that is whether `{braces}` are grouping (dropped) or
    content (kept); BibTeX fields are always LaTeX, so the BibTeX reader passes `latex=True`.
    """
    if not text:
        return ""
    text = _SURROGATE.sub("\ufffd", unicodedata.normalize("NFC", text))
    text = _INVISIBLE.sub("", text)
    if "\u200c" in text or "\u200d" in text:
        text = _IDLE_JOINER.sub("", text)
    text = _strip_html(text)
    text = _INLINE_TAG.sub("", _BLOCK_TAG.sub(" ", text))  # tags that were entity-escaped once more
    text = _markdown_and_quotes(text) if _MARKDOWN_HINT.search(text) else text
    text = _latex(text, latex)
    text = _WHITESPACE.sub(" ", text).strip()
    text = _GLUED_SENTENCE.sub(_space_unless_in_a_link, text)
    return unicodedata.normalize("NFC", text)


def _space_unless_in_a_link(glued: re.Match) -> str:
    text, at = glued.string, glued.start()
    word = text[text.rfind(" ", 0, at) + 1 : at]
    return "" if "/" in word or "@" in word or word.lower().startswith("www.") else " "


# ---------------------------------------------------------------------------------------------------------------
# Code links
# ---------------------------------------------------------------------------------------------------------------

_CODE_HOSTS = (
    r"(?:www\.|gist\.)?github\.com|gitlab\.com|gitlab\.[a-z0-9-]+(?:\.[a-z0-9-]+)+|bitbucket\.org|huggingface\.co"
    r"|hf\.co|codeberg\.org|gitee\.com|sourceforge\.net|git\.sr\.ht|sr\.ht|git\.io|anonymous\.4open\.science"
)
_CODE_URL = re.compile(
    rf"(?:https?://|(?<![\w@./-]))(?:www\.)?(?:{_CODE_HOSTS})/[^\s<>\"'`{{}}|\\^\[\](),;]+", re.IGNORECASE
)
# Looked for as plain substrings of the case-folded text before any pattern runs: most abstracts hold none.
_HOST_HINTS = ("github", "gitlab", "bitbucket", "huggingface", "hf.co", "codeberg", "gitee", "sourceforge", "sr.ht",
               "git.io", "4open")
_BROKEN_SCHEME = re.compile(r"\b(https?)\s*:\s*//", re.IGNORECASE)
_BROKEN_HOST = re.compile(r"\b(github|gitlab|bitbucket|codeberg|huggingface)\.\s+(com|org|co)/", re.IGNORECASE)
_LINE_BREAK_HYPHEN = re.compile(r"\s+([\w./-]+)")
_TRAILING = ".,;:!?*'\"/>"


def _url_key(url: str) -> str:
    key = re.sub(r"^https?://(?:www\.)?", "", url.lower())
    return key.removesuffix(".git")


def find_code_urls(text: str) -> list[str]:
    """Code repository links in `text`, in order of appearance, each once, without trailing punctuation.

    Links that lost their scheme (`github.com/x/y`) get `https://`; the usual typesetting damage
    (`https: //`, `github. com/`, `\\_`, a repository name hyphen-broken over two lines) is repaired first.
    """
    if not text:
        return []
    folded = text.casefold()
    if not any(hint in folded for hint in _HOST_HINTS):
        return []
    text = _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
    text = _URL_ESCAPE.sub(r"\1", _BROKEN_HOST.sub(r"\1.\2/", _BROKEN_SCHEME.sub(r"\1://", text)))
    urls: list[str] = []
    seen: set[str] = set()
    for m in _CODE_URL.finditer(text):
        url = m.group(0)
        if url.endswith("-"):
            rest = _LINE_BREAK_HYPHEN.match(text, m.end())
            if rest:
                url += rest.group(1)
        url = url.rstrip(_TRAILING)
        host, _, path = re.sub(r"^https?://", "", url, flags=re.IGNORECASE).partition("/")
        if not path.strip(_TRAILING + "-"):
            continue
        if not re.match(r"https?://", url, re.IGNORECASE):
            url = "https://" + url
        key = _url_key(url)
        if key not in seen:
            seen.add(key)
            urls.append(url)
    return urls


# ---------------------------------------------------------------------------------------------------------------
# Ids and titles
# ---------------------------------------------------------------------------------------------------------------


def derive_id(text: str) -> str:
    """A stable id from a paper's text: the same abstract (up to case, spacing and Unicode form) gives the same id."""
    normal = _WHITESPACE.sub(" ", unicodedata.normalize("NFC", text)).strip().casefold()
    return "p-" + hashlib.sha1(normal.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def clean_id(value: str) -> str:
    """A paper id as given, minus what no id needs and some formats cannot hold: controls, invisible format
    characters (zero-width, bidi overrides), noncharacters; runs of whitespace become one space, lone
    surrogates U+FFFD. Ids that differ only in such characters would otherwise collide in the XML and CSV exports.
    """
    value = " ".join(_SURROGATE.sub("\ufffd", value).split())
    kept = "".join(c for c in value if unicodedata.category(c) not in ("Cc", "Cf") and not _noncharacter(c))
    return " ".join(kept.split())


def _noncharacter(c: str) -> bool:
    code = ord(c)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", "etc.", "vs.", "cf.", "Fig.", "fig.", "Eq.", "eq.", "Sec.", "resp.")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[。！？]")
_CLAUSE_END = re.compile(r"[,;:](?=\s)|\s[—–-]{1,2}\s|[，；：]")
_MIN_CLAUSE = 0.6  # a clause shorter than this share of the limit says too little to be a title


def _first_sentence(text: str, limit: int) -> str:
    """The first sentence, when it ends within `limit` characters; else the text."""
    for m in _SENTENCE_END.finditer(text):
        end = m.end()
        if end > limit + 1:
            break
        initial = end >= 2 and text[end - 2].isupper() and (end == 2 or not text[end - 3].isalnum())
        if initial or text.endswith(_ABBREVIATIONS, 0, end):
            continue  # an abbreviation or an initial, not the end of the sentence
        return text[:end]
    return text


def _cut(text: str, limit: int) -> str:
    room = text[: limit - 1]
    if text[limit - 1 : limit] != " " and " " in room.strip():
        room = room[: room.rstrip().rfind(" ")]
    return room.rstrip(" ,;:.-–—(") + "…"


def short_title(text: str, limit: int = 80) -> str:
    """A readable stand-in title from an abstract: its first sentence, or first clause, cut to `limit` characters."""
    text = _WHITESPACE.sub(" ", text).strip()
    if not text or limit < 2:
        return text[: max(limit, 0)]
    sentence = _first_sentence(text, limit).rstrip()
    if len(sentence) <= limit:
        return sentence.rstrip(".!?。！？") or sentence
    ends = [m.start() for m in _CLAUSE_END.finditer(sentence, 0, limit + 1)]
    ends = [end for end in ends if end >= _MIN_CLAUSE * limit]
    if ends:
        return sentence[: ends[-1]].rstrip()
    return _cut(sentence, limit)
