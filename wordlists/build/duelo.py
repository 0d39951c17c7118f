"""Duelo de Palabras: 5-letter lists for tr en fr es ru ko (survey wordlists.md §2 and §6).

- valid  = every lowercase form of the hunspell dictionary (expanded with its affix rules) that has
           5 letters once normalised, without the forms of proper nouns (wordlists.build.names).
           Korean: the hunspell-ko stems with 5 basic jamo that Kiwi does
           not tag as a proper noun (spylls cannot load ko.aff, and stems are enough).
- hidden = lowercase hunspell stems with 5 letters that are frequent (wordfreq zipf >= 3.0, summed
           over the spellings that fold together) and are their own lemma (simplemma; pymorphy3 for
           Russian; Kiwi NNG for Korean), minus blocklists, stop words and the hand-pruned
           EXCLUDE sets below. Every hidden word is also valid.

The display form is the most frequent original spelling (with accents; Korean syllables).
"""

from __future__ import annotations

import math
import unicodedata
from collections import defaultdict
from functools import cache
from pathlib import Path

from wordlists.alphabets import length, normalise
from wordlists.build.hunspell import expand, hunspell_base, load, read_dic_stems, stems
from wordlists.build.model import BuiltList, Source
from wordlists.build.names import headwords, is_name_in, name_forms, name_stems
from wordlists.build.names import sources as proper_sources

GAME = "duelo"
SIZE = 5
LANGUAGES = ("tr", "en", "fr", "es", "ru", "ko")
ZIPF = 3.0

# (Debian package, exact version, dictionary name, licence)
DICTIONARIES: dict[str, tuple[str, str, str, str]] = {
    "en": ("hunspell-en-us", "1:2020.12.07-2", "en_US", "SCOWL permissive licence (hunspell-en-us)"),
    "fr": ("hunspell-fr-comprehensive", "1:7.0-1", "fr", "MPL-2.0"),
    "es": ("hunspell-es", "1:7.5.0-1", "es_ES", "GPL-3.0-or-later / LGPL-3.0-or-later / MPL-1.1-or-later"),
    "ru": ("hunspell-ru", "1:7.5.0-1", "ru_RU", "BSD-4-clause-style (Alexander I. Lebedev)"),
    "tr": ("hunspell-tr", "1:7.5.0-1", "tr_TR", "MPL-2.0"),
    "ko": ("hunspell-ko", "0.7.92-1", "ko", "MPL-1.1 / GPL-2.0+ / LGPL-2.1+; entries CC-BY-SA-4.0"),
}
WORDFREQ = Source("wordfreq 3.1.1 (PyPI, frequencies only)", "CC-BY-SA-4.0 data, Apache-2.0 code", "wordfreq")
BLOCKLISTS = Path(__file__).resolve().parent.parent / "blocklists"


def _words(text: str) -> set[str]:
    return set(text.split())


# Read-through of the hidden lists: names, abbreviations, foreign or obscure words, inflected forms
# the lemma check let through, interjections. Normalised forms.
EXCLUDE: dict[str, set[str]] = {
    "en": _words(
        "abbot actin amour ariel benny billy bobby booze bosom bowel brent brill brock bubba burke butch "
        "carte cesar chevy chico china cisco conte costa creme crore cupid derry dixie dolce dolly donna "
        "dutch fanny feces femme firth fitch fritz gemma genoa groin harem henry hertz hijab hogan homer "
        "hurst hydro idiot intel inter japan jenny jerry jihad jimmy kelly kraft laird leone levin lewis "
        "logan louis lymph mamma merle missy molly monde monte mucus multi nancy nelly nitro opium outta "
        "padre paleo pasha patsy perry peter petit playa psych randy roger roman romeo sahib sally savoy "
        "seine serge shiva silva sissy slave smurf sonny spank supra swain takin tammy terra terry tesla "
        "thong tonga trans trump urine vedic versa voila vomit waldo wally welsh wight willy xerox yahoo"
    ),
    "fr": _words(
        "about adèle after agace agglo anglo arabo archi aubin bayer beurk black blair bloom boost bosco "
        "bouge break build burqa campo camus carry catho cedex cheap clean cloud cogne condé coran coule "
        "crack creek cross crève curie cégep damas dance devon diane dingo dixit doris douma drama drive "
        "drome dudit encor facho fanny fesse fritz gallo gamer garou gland glass green grill guyot gâche "
        "halal haram hello henry hijab house idiot infra italo jenny jihad jules jésus kappa laure lebel "
        "ledit levis liber light liner louis lèche malus maure milan mooré moult moïse mâche médoc niqab "
        "odéon orgie oscar ovidé pilot plain proto prout pékin queen queer quint ramon robin roule round "
        "russo sahel saute saxon serge shell shirt sieur sitôt small smart speed statu sucer sweat tesla "
        "tommy torah trail trans truck trust tuant urine usant verge vichy vitro waouh water weber youpi "
        "æquo"
    ),
    "es": _words(
        "aloja andas anglo apolo aprox arana argel aries belén blues bocha bonus braga bruno calla caray "
        "carla celia chaco chavo chido chile cholo choto chupa cisco coito colín combi congo coord corea "
        "corps corso crack creta cross cuasi curro cuzco césar dales danos dante darla darle darlo darme "
        "daros darse darte delos denle denme depto diana diego diles dinos dobla elche facha facto ferro "
        "flash foral force fraga fundo gales grand grant greco green grita groso guido hazle hazlo hazme "
        "hazte henry hindi indio irnos japón jorge juana judas judío julia kappa ladra lamer leila light "
        "llosa lucas lucio luisa líber magno malta mamar manda marta marte maría mauro merca merlo milán "
        "morra mouse muera nalga nerón nobel nomás omiso orgía oribe ostia otero pando pedro petra piola "
        "pisco porro probo queda quier ramón regio riera rioja romeo román rubín rusia sacra salio serle "
        "serlo serna silva simón sport stand sufra swing tambo tamil tanga tesla torna trial tulio vendo "
        "vendí venus volvo weber ánima érase ínter únete"
    ),
    "ru": _words(
        "аборт аллах бурят варяг вебер волга волго девка донна дрянь еврей жрать идиот ислам казах киска "
        "кларк мамин матка немец немка нетто обком папин перси поляк понос попка рвота румын слюни сукин "
        "турок узбек унтер факто ферми фюрер хаджи худож цыган штабс"
    ),
    "tr": _words(
        "adedi adile afife ahkam ahlat ahmak akabe akbaş akkuş akman aktaş alkan allah anlat aptal artır "
        "aydın ayvaz bahri baran batur başar bedii bedri begüm bekle belen bengi besle besni beğen biner "
        "birer bitir bunak buyur buğra bırak canan celal celil cemal cemil cenap cihan cihat civan danış "
        "dayan dağıt defol deyip diren dokun dolaş dördü düzce düşün düşür dışkı elvan emret enayi ensar "
        "erika erkan erkin eroin esrar etfal evlen eğlen eşref fanta fazlı fazıl fehim fehmi ferda ferdi "
        "fethi fetiş feyzi fitne füsun geber getir geçir giray gizle gusül gökçe gönen götür güdül gülen "
        "gürcü hadım haham hakan haluk hande haram harem herif hodri horst hutbe hülya hüsnü hıyar iblis "
        "idrar ihvan ilahe ilhan ismet izzet kadri kafir kamil karan karun karış kayra kaçar kemal kepez "
        "kerem kerim kinci konuş kozlu koçak koşun kutsi kösem lando latif maral mehdi moruk mukus mösyö "
        "müfit nalan necip nedim neşet nihan niyaz parla polat rahmi recep refik remzi resul rızkı sakla "
        "salla salya sanem sarpa savun savur sağla selen selim semih sevil sevim sezen seçik seçil sidik "
        "söyle sümük sığın takıl tanış tatar tokyo tolga tunca tuzla tükür tıkla ucube velet vinci yarat "
        "yatır yaşar yekta yobaz yunak yunan yönet yörük yücel zikri zülfü çakan çakar çalın çayan çağan "
        "çekin çekçe çevir çorlu öğren öğret şaban şamil şefik şemsi şeysi şişko şişli şükrü"
    ),
    "ko": _words("가할 비친 가린 부술 마약 자폭 자학 난자 악녀 타짜"),
}


def _source(language: str) -> Source:
    package, version, _, licence = DICTIONARIES[language]
    return Source(f"{package} (Debian package {package} {version})", licence, package)


def _read_words(path: Path) -> set[str]:
    if not path.exists():
        return set()
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def excluded(language: str) -> set[str]:
    """Blocklisted, stop and hand-excluded normalised forms."""
    return (
        _read_words(BLOCKLISTS / f"{language}.txt")
        | _read_words(BLOCKLISTS / f"{language}.stop.txt")
        | {n for w in EXCLUDE[language] if (n := normalise(language, w))}
    )


@cache
def _frequencies(language: str) -> dict[str, float]:
    """Frequency per normalised form (ёлка and елка add up) and per raw spelling."""
    from wordfreq import get_frequency_dict

    out: dict[str, float] = defaultdict(float)
    for word, freq in get_frequency_dict(language, wordlist="best").items():
        out["raw:" + word] += freq
        norm = normalise(language, word)
        if norm:
            out[norm] += freq
    return dict(out)


def zipf(language: str, key: str) -> float:
    freq = _frequencies(language).get(key, 0.0)
    return math.log10(freq) + 9 if freq > 0 else 0.0


def best_spelling(language: str, spellings: set[str]) -> str:
    """The most frequent spelling; ties go to the unaccented/first one in code-point order."""
    return min(spellings, key=lambda s: (-_frequencies(language).get("raw:" + s, 0.0), s))


# -- lemma checks -----------------------------------------------------------------------------------


@cache
def _morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


_RU_POS = {"NOUN", "ADJF", "INFN", "ADVB"}
_RU_BAD = {"Name", "Surn", "Patr", "Geox", "Orgn", "Abbr", "Trad", "Infr", "Slng", "Arch", "Erro", "Dist"}


def is_lemma(language: str, word: str) -> bool:
    if language == "ru":
        parses = _morph().parse(word)
        if not parses:
            return False
        best = parses[0]
        if best.tag.POS not in _RU_POS or set(best.tag.grammemes) & _RU_BAD:
            return False
        return normalise("ru", best.normal_form) == normalise("ru", word)
    import simplemma

    lemma = simplemma.lemmatize(word, lang=language)
    return normalise(language, lemma) == normalise(language, word)


# -- hunspell languages -----------------------------------------------------------------------------


def _keep_raw(word: str) -> bool:
    # Cheap pre-filter while expanding: 5 letters can be up to 7 characters (œ, ij), lowercase only,
    # since capitalised entries are proper nouns and abbreviations.
    return 4 <= len(word) <= 7 and word.islower()


def _by_norm(language: str, words) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for word in words:
        word = unicodedata.normalize("NFC", word)
        if not word.islower():
            continue
        norm = normalise(language, word)
        if norm and length(language, norm) == SIZE:
            out[norm].add(word)
    return out


def build_hunspell_language(language: str) -> list[BuiltList]:
    package, version, name, _ = DICTIONARIES[language]
    dictionary = load(hunspell_base(package, version, name))
    names = name_stems(language, headwords(dictionary))  # proper nouns: none of their forms is valid
    kept, _ = name_forms(language, dictionary, names, keep=_keep_raw)
    valid = _by_norm(language, expand(dictionary, keep=_keep_raw, skip=is_name_in(names)) | kept)
    # Answers leave out also the words the usage data reads mostly as names, common words too (en robin, harry).
    not_answers = is_name_in(name_stems(language, headwords(dictionary), part_of_speech=False))
    stem_forms = _by_norm(
        language, [s for s in stems(dictionary, keep=_keep_raw, with_needaffix=True) if not not_answers(s)]
    )
    bad = excluded(language)
    hidden: dict[str, str] = {}
    for norm, spellings in sorted(stem_forms.items()):
        if norm in bad or norm not in valid or zipf(language, norm) < ZIPF:
            continue
        spellings &= valid[norm]
        if not spellings:
            continue
        spelling = best_spelling(language, spellings)
        if is_lemma(language, spelling):
            hidden[norm] = spelling
    valid_pairs = [(n, best_spelling(language, s)) for n, s in valid.items()]
    valid_display = dict(valid_pairs)
    valid_display.update(hidden)  # the hidden word's spelling wins, so both lists show it alike
    sources = [_source(language), WORDFREQ]
    return [
        BuiltList(GAME, language, SIZE, "hidden", sorted(hidden.items()), sources),
        BuiltList(
            GAME, language, SIZE, "valid", sorted(valid_display.items()), [_source(language), *proper_sources(language)]
        ),
    ]


# -- Korean -----------------------------------------------------------------------------------------


@cache
def _kiwi():
    from kiwipiepy import Kiwi

    return Kiwi()


def _korean_tag(word: str) -> str | None:
    """The tag when Kiwi reads `word` as one morpheme, else None."""
    tokens = _kiwi().tokenize(word)
    if len(tokens) == 1 and tokens[0].form == word:
        return str(tokens[0].tag)
    return None


def _hangul_only(word: str) -> bool:
    return bool(word) and all(0xAC00 <= ord(c) <= 0xD7A3 for c in word)


def build_korean() -> list[BuiltList]:
    package, version, name, _ = DICTIONARIES["ko"]
    base = hunspell_base(package, version, name)
    words = sorted({w for s in read_dic_stems(base) if _hangul_only(w := unicodedata.normalize("NFC", s))})
    bad = excluded("ko")
    valid: dict[str, str] = {}
    hidden: dict[str, str] = {}
    for word in words:
        norm = normalise("ko", word)
        if not norm or length("ko", norm) != SIZE:
            continue
        tag = _korean_tag(word)
        if tag == "NNP":
            continue
        # Two spellings with the same jamo (rare) keep the more frequent one.
        if norm in valid and zipf("ko", "raw:" + valid[norm]) >= zipf("ko", "raw:" + word):
            continue
        valid[norm] = word
        if tag == "NNG" and len(word) == 2 and norm not in bad and zipf("ko", "raw:" + word) >= ZIPF:
            hidden[norm] = word
    hidden = {n: w for n, w in hidden.items() if valid.get(n) == w}
    sources = [_source("ko"), Source("kiwipiepy 0.24.1 (POS tags)", "Apache-2.0", "kiwipiepy"), WORDFREQ]
    return [
        BuiltList(GAME, "ko", SIZE, "hidden", sorted(hidden.items()), sources),
        BuiltList(GAME, "ko", SIZE, "valid", sorted(valid.items()), [_source("ko")]),
    ]


def build(only: str | None = None) -> list[BuiltList]:
    lists: list[BuiltList] = []
    for language in LANGUAGES:
        if only and not (f"{GAME}-{language}".startswith(only) or only.startswith(f"{GAME}-{language}")):
            continue
        lists.extend(build_korean() if language == "ko" else build_hunspell_language(language))
    return lists
