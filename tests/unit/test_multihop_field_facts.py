"""A reference manual's labelled fields: "available since" versions and numeric defaults read per named entry,
compared across two pages (answers re-derived by the validator), and null queries about modules the manual never
names, built from its own name parts."""

from __future__ import annotations

import random

from _multihop_item import validator_item

from benchsmith.generators.multihop.compose.field_compare import (
    default_candidates,
    same_family,
    same_measure,
    since_candidates,
)
from benchsmith.generators.multihop.compose.field_facts import comparable, read_defaults, read_since, version_key
from benchsmith.generators.multihop.compose.field_nulls import field_null_candidates, invented_names
from benchsmith.types import Document
from benchsmith.validators.multihop import ComparisonConsistency


def _module(name, since, extra=""):
    return (f"Modules | Directives\n\nApache Module {name}\n\nAvailable Languages: en |\nfr\n\n"
            f"Description: Does something\n\nStatus: Extension\n\nSource File: {name}.c\n\n"
            f"Compatibility: {since}\n\nSummary\n\nThis module does something.{extra}\n\n")


def _directive(name, syntax, default, since=None):
    fields = ["Description: Sets a value", f"Syntax: {name} {syntax}", f"Default: {name} {default}",
              "Context: server config"] + ([f"Compatibility: {since}"] if since else [])
    return f"{name} Directive ¶\n\n" + "\n\n".join(fields) + "\n\nThis directive sets a value.\n\n"


def _doc(doc_id, text):
    return Document(doc_id=doc_id, title=f"{doc_id} - Manual", text=text)


PAGES = [
    _doc("a", _module("mod_proxy_alpha", "Available in Apache 2.4.9 and later")
         + _directive("ProxyAlphaTimeout", "seconds", "60", "Available in version 2.4.9 and later")),
    _doc("b", _module("mod_proxy_beta", "Available in Apache 2.4.10 and later")
         + _directive("BetaReadBufferSize", "bytes", "8192")),
    _doc("c", _module("mod_proxy_gamma", "Available in Apache 2.3 and later")
         + _directive("TimeOut", "seconds", "300 (five minutes)")),
    _doc("d", _module("mod_proxy_delta", "Available in Apache 2.3.6 and later")
         + _directive("GammaReadBufferSize", "bytes", "0") + _directive("DeltaWriteBufferSize", "bytes", "65536")),
    _doc("e", _module("mod_cache_disk", "Available in Apache 2.1.5 and later. On Windows, from Apache 2.3.3 and later.")
         + _module("mod_ssl", "Available if using OpenSSL 0.9.8h or later")),
    _doc("f", _module("mod_authn_dbd", "Available in Apache 2.1 and later")
         + _directive("AuthnCacheTimeout", "timeout (seconds)", "300")),
    _doc("g", _module("mod_authn_file", "Available in Apache 2.1 and later")),
    _doc("h", _module("mod_authn_anon", "Available in Apache 2.1 and later")),
    _doc("i", _module("mod_session_dbd", "Available in Apache 2.3 and later")),
    _doc("j", _module("mod_session_cookie", "Available in Apache 2.3 and later")),
    _doc("k", _module("mod_session_crypto", "Available in Apache 2.3 and later",
                      " It can be paired with mod_session_file, a third-party module.")),
    _doc("l", _directive("CacheAlphaLock", "on|off", "off", "Available in version 2.4.1 and later")
         + _directive("CacheAlphaSize", "bytes", "100", "Available in version 2.4.2 and later")),
]


def _item(cand, pages=PAGES):
    return validator_item(cand, pages)


def test_versions_compare_part_by_part_and_a_series_does_not_order_with_its_releases():
    assert version_key("2.4.9") < version_key("2.4.10") < version_key("2.10")
    assert comparable("2.4.9", "2.4.10") and comparable("2.3", "2.4.10")
    assert not comparable("2.3", "2.3.6") and not comparable("2.3", "2.3.0") and not comparable("2.4", "2.4")


def test_since_is_read_only_from_a_plain_field_of_a_named_entry():
    found = {(s.page.doc_id, s.kind, s.name, s.version) for s in read_since(PAGES)}
    assert ("a", "module", "mod_proxy_alpha", "2.4.9") in found
    assert ("a", "directive", "ProxyAlphaTimeout", "2.4.9") in found
    assert ("b", "module", "mod_proxy_beta", "2.4.10") in found
    assert not [f for f in found if f[0] == "e"]  # a qualified line, a dependency's version
    for s in read_since(PAGES):
        page = next(d for d in PAGES if d.doc_id == s.page.doc_id).text
        assert s.name in page[s.heading.start:s.heading.end]  # the subject is the heading of its own entry
        assert s.version in page[s.field.start:s.field.end]


def test_defaults_need_a_unit_from_the_syntax_line_and_a_nonzero_number():
    found = {(d.page.doc_id, d.name, d.number, d.unit, d.amount) for d in read_defaults(PAGES)}
    assert ("a", "ProxyAlphaTimeout", "60", "seconds", 60.0) in found
    assert ("c", "TimeOut", "300", "seconds", 300.0) in found  # "(five minutes)" is the page's gloss
    assert ("d", "DeltaWriteBufferSize", "65536", "bytes", 65536.0) in found
    names = {f[1] for f in found}
    assert "GammaReadBufferSize" not in names  # zero: no limit, not an amount
    assert "AuthnCacheTimeout" not in names  # the syntax gives no single argument named by its unit


def test_related_names():
    common = {"mod"}
    assert same_family("mod_proxy_alpha", "mod_proxy_beta", common)
    assert not same_family("mod_proxy_alpha", "mod_cache_disk", common)
    assert same_measure("TimeOut", "ProxyAlphaTimeout")  # the general setting and a specific one
    assert same_measure("BetaReadBufferSize", "DeltaWriteBufferSize")  # "BufferSize": two words
    assert not same_measure("ProxyAlphaTimeout", "BetaReadBufferSize")
    assert not same_measure("CacheSize", "BetaReadBufferSize")  # one word in common is not one measure


def test_version_comparisons_are_right_balanced_and_re_derived():
    every = since_candidates(read_since(PAGES), random.Random(0))
    cands = [c for c in every if "choice" not in c["computation"]]  # Yes/No ones (choices: the next test)
    assert cands
    answers = []
    for cand in cands:
        for c in (cand, cand["flip"]):
            x, y = c["computation"]["values"]
            assert comparable(x, y)
            assert c["answer"] == ("Yes" if version_key(x) < version_key(y) else "No")
            docs = [p.doc_id for p, _ in c["evidence"]]
            assert docs[0] == docs[1] != docs[2] == docs[3]  # each side from its own page, two pages
            item = _item(c)
            assert ComparisonConsistency().check(item, None) == [], c["query"]
            item.answer = "No" if c["answer"] == "Yes" else "Yes"
            assert ComparisonConsistency().check(item, None), c["query"]
            assert len(c["query"].split()) <= 12
        answers.append(cand["answer"])
        assert {cand["answer"], cand["flip"]["answer"]} == {"Yes", "No"}
    pairs = {frozenset(c["computation"]["subjects"]) for c in every}
    assert frozenset({"mod_proxy_alpha", "mod_proxy_beta"}) in pairs  # 2.4.9 before 2.4.10, not after
    assert frozenset({"mod_proxy_gamma", "mod_proxy_delta"}) not in pairs  # 2.3 and 2.3.6 do not order
    assert frozenset({"mod_proxy_alpha", "ProxyAlphaTimeout"}) not in pairs  # a module and a directive
    assert frozenset({"CacheAlphaLock", "CacheAlphaSize"}) not in pairs  # one page states both: no second hop
    for c in cands:
        if set(c["computation"]["subjects"]) == {"mod_proxy_alpha", "mod_proxy_beta"}:
            first = c["computation"]["subjects"][0]
            assert c["answer"] == ("Yes" if first == "mod_proxy_alpha" else "No")


def test_some_version_comparisons_ask_which_came_first_and_the_answer_is_not_always_named_first():
    choices = [c for seed in range(8) for c in since_candidates(read_since(PAGES), random.Random(seed))
               if "choice" in c["computation"]]
    assert choices
    positions = set()
    for c in choices:
        a, b = c["computation"]["choice"]
        assert c["query"] == f"Which {'module' if a.startswith('mod_') else 'directive'} was introduced first, {a} or {b}?"
        earlier = min((a, b), key=lambda n: version_key(c["computation"]["values"][(a, b).index(n)]))
        assert c["answer"] == earlier and "flip" not in c
        assert ComparisonConsistency().check(_item(c), None) == [], c["query"]
        wrong = _item(c)
        wrong.answer = b if c["answer"] == a else a
        assert ComparisonConsistency().check(wrong, None), c["query"]
        positions.add(c["answer"] == a)
    assert positions == {True, False}


def test_the_validator_refuses_a_version_from_the_wrong_page():
    cand = next(c for c in since_candidates(read_since(PAGES), random.Random(0)))
    swapped = {**cand, "computation": {**cand["computation"], "values": cand["computation"]["values"][::-1]}}
    assert ComparisonConsistency().check(_item(swapped), None)


def test_default_comparisons():
    cands = default_candidates(read_defaults(PAGES), random.Random(0))
    pairs = {frozenset(c["computation"]["subjects"]) for c in cands}
    assert frozenset({"TimeOut", "ProxyAlphaTimeout"}) in pairs
    assert frozenset({"BetaReadBufferSize", "DeltaWriteBufferSize"}) in pairs
    assert frozenset({"ProxyAlphaTimeout", "BetaReadBufferSize"}) not in pairs  # a time and a size
    for cand in cands:
        for c in (cand, cand["flip"]):
            item = _item(c)
            assert ComparisonConsistency().check(item, None) == [], c["query"]
            item.answer = "No" if c["answer"] == "Yes" else "Yes"
            assert ComparisonConsistency().check(item, None)
        if set(cand["computation"]["subjects"]) == {"TimeOut", "ProxyAlphaTimeout"}:
            longer = "Yes" if cand["computation"]["subjects"][0] == "TimeOut" else "No"
            assert cand["answer"] == longer and "longer time" in cand["query"]


def test_invented_module_names_are_absent_and_not_near_a_real_one():
    corpus = "\n".join(d.text.lower() for d in PAGES)
    names = invented_names(["mod_authn_dbd", "mod_authn_file", "mod_authn_anon", "mod_session_dbd",
                            "mod_session_cookie", "mod_session_crypto"], corpus)
    assert "mod_session_anon" not in names  # "anon" is one family's own word, not a shared ending
    assert names == []  # "dbd" is the only shared ending and both families have it
    real = ["mod_authn_dbd", "mod_authn_file", "mod_authn_core", "mod_authz_dbd", "mod_authz_core", "mod_authz_user",
            "mod_session_dbd", "mod_session_cookie", "mod_session_crypto"]
    kin = invented_names(real, "")
    assert "mod_session_core" in kin  # "core" ends names of two families, kin of the session family through "dbd"
    assert "mod_authn_user" not in kin and "mod_authz_file" not in kin  # one letter from a real name
    # a name the corpus writes anywhere (a third-party module it mentions) is no null
    assert "mod_session_core" not in invented_names(real, "pair it with mod_session_core, a third-party module")


def test_field_null_candidates_ask_fields_the_entries_carry():
    pages = [_doc(f"p{i}", _module(name, "Available in Apache 2.1 and later")) for i, name in enumerate(
        ["mod_authn_dbd", "mod_authn_file", "mod_authn_core", "mod_authz_dbd", "mod_authz_core", "mod_authz_user",
         "mod_session_dbd", "mod_session_cookie", "mod_session_crypto"])]
    cands = field_null_candidates(pages)
    assert {c["name"] for c in cands} == {"mod_session_core"}
    assert {c["label"] for c in cands} == {"compatibility", "description", "source file"}
    assert all(c["kind"] == "module" for c in cands)


def _bare(name, syntax, default, prose):
    return f"{name}\n\nSyntax: {name} {syntax};\n\nDefault: {name} {default};\n\nContext: http, server\n\n{prose}\n\n"


BARE = [
    _doc("n1", "Module ngx_alpha\n\nThe directive list.\n\n" + _bare(
        "alpha_read_timeout", "time", "60 seconds", "Defines a timeout. This directive appeared in version 1.1.4.")
        + _bare("alpha_buffers", "number size", "8 4k", "Sets buffers. This module appeared in version 0.1.1.")),
    _doc("n2", _bare("beta_read_timeout", "time", "75 seconds", "Defines a timeout. This directive appeared in "
                     "version 1.1.10.") + "Example\n\nSome text with the directive name beta_read_timeout.\n\n"),
    _doc("n3", "Directives\n\nReading directives.\n\n" + _bare("read_timeout", "time", "30 seconds", "Defines a timeout.")),
]


def test_entries_titled_by_a_bare_name_over_their_syntax_line():
    found = {(s.page.doc_id, s.kind, s.name, s.version) for s in read_since(BARE)}
    assert found == {("n1", "directive", "alpha_read_timeout", "1.1.4"), ("n2", "directive", "beta_read_timeout", "1.1.10")}
    # "This module appeared in ..." under a directive's entry is not that directive's version
    defaults = {(d.name, d.amount, d.syntax) for d in read_defaults(BARE)}
    assert defaults == {("alpha_read_timeout", 60.0, None), ("beta_read_timeout", 75.0, None), ("read_timeout", 30.0, None)}
    cands = since_candidates(read_since(BARE), random.Random(1))
    assert cands and all(ComparisonConsistency().check(_item(c, BARE), None) == [] for c in cands)
    for c in cands:  # 1.1.4 before 1.1.10: compared as numbers, not as text
        first = c["computation"]["subjects"][0]
        assert c["answer"] == ("Yes" if first == "alpha_read_timeout" else "No")
    dcands = default_candidates(read_defaults(BARE), random.Random(1))
    assert {frozenset(c["computation"]["subjects"]) for c in dcands} >= {frozenset({"read_timeout", "beta_read_timeout"})}
    assert all(ComparisonConsistency().check(_item(c, BARE), None) == [] for c in dcands)


def _inference_item(cand, pages):
    item = _item(cand, pages)
    item.question_type = "inference_query"
    return item


def test_a_borrowed_default_is_read_through_the_setting_it_names():
    from benchsmith.generators.multihop.compose.field_inherit import inherit_candidates
    from benchsmith.validators.multihop import InferenceConsistency

    lender = _doc("core", _directive("TimeOut", "seconds", "60") + _directive("OtherTimeout", "seconds", "5"))
    borrower = _doc("h2", _directive("StreamTimeout", "time[s]", "Value of Timeout").replace(
        "Default: StreamTimeout Value of Timeout", "Default: Value of Timeout"))
    named = _doc("px", _directive("ProxyWait", "seconds", "Value of Timeout").replace(
        "Default: ProxyWait Value of Timeout", "Default: Value of Timeout"))
    lender_naming = _doc("core2", lender.text + "In mod_px, the default value if ProxyWait is not configured.\n")
    cands = inherit_candidates([lender, borrower])
    assert [(c["query"], c["answer"]) for c in cands] == [("How many seconds does the StreamTimeout directive default to?", "60")]
    item = _inference_item(cands[0], [lender, borrower])
    assert InferenceConsistency().check(item, None) == []
    item.answer = "5"
    assert InferenceConsistency().check(item, None)  # another setting's default on the lending page
    assert inherit_candidates([lender_naming, named]) == []  # the lending page names the borrower: it may answer alone
    assert inherit_candidates([borrower]) == []  # nothing to borrow from
