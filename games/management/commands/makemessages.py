"""Django's makemessages, also extracting the JavaScript's t() and nt() (static/js/games/kit.js) in the
djangojs domain: `manage.py makemessages -d djangojs` (the Makefile's `messages`)."""

from django.core.management.commands import makemessages

# kit.js: t(msgid, params) is gettext, nt(singular, plural, n, params) is ngettext.
JS_KEYWORDS = ["--keyword=t", "--keyword=nt:1,2"]


class Command(makemessages.Command):
    def handle(self, *args, **options):
        if options.get("domain") == "djangojs":
            self.xgettext_options = [*self.xgettext_options, *JS_KEYWORDS]
        return super().handle(*args, **options)
