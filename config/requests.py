"""Requests no page can serve: a NUL character in the path or the query (issue 31: `/p/Ana%00-0412/` answered
500, PostgreSQL refusing the character in a query's text). Refused with 400 before any view reads them; a form's
fields are refused by Django's own validator (ProhibitNullCharactersValidator) with the form's error."""

from __future__ import annotations

from django.http import HttpResponseBadRequest
from django.utils.translation import gettext as _


class RefuseNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or any("\x00" in key or "\x00" in value for key, value in _query(request)):
            return HttpResponseBadRequest(_("That address holds a character no page can read."))
        return self.get_response(request)


def _query(request):
    for key, values in request.GET.lists():
        for value in values:
            yield key, value
