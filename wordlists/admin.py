from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from wordlists.models import BannedWord, WordList
from wordlists.services import BanError, hidden_word_ban, hidden_word_ban_check


@admin.register(WordList)
class WordListAdmin(admin.ModelAdmin):
    """Read-only: lists change only by `manage.py build_wordlists` and a deployment."""

    list_display = ["slug", "game", "language", "length", "kind", "count", "version", "shipped", "ban_count"]
    list_filter = ["game", "language", "kind", "shipped"]
    search_fields = ["slug"]
    readonly_fields = [field.name for field in WordList._meta.fields]

    @admin.display(description=_("version"))
    def version(self, obj):
        return obj.version

    @admin.display(description=_("bans"))
    def ban_count(self, obj):
        return obj.bans.count()

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class BannedWordForm(forms.ModelForm):
    class Meta:
        model = BannedWord
        fields = ["word_list", "word", "reason"]

    def clean(self):
        cleaned = super().clean()
        if self.errors or self.instance.pk or cleaned is None:
            return cleaned
        try:
            hidden_word_ban_check(word_list=cleaned["word_list"], word=cleaned["word"], reason=cleaned["reason"])
        except BanError as error:
            raise forms.ValidationError(error.message, code=error.code) from None
        return cleaned


@admin.register(BannedWord)
class BannedWordAdmin(admin.ModelAdmin):
    form = BannedWordForm
    list_display = ["word", "word_list", "reason", "banned_by", "created_at"]
    list_filter = ["word_list__game", "word_list__language"]
    search_fields = ["word", "reason"]

    def get_readonly_fields(self, request, obj=None):
        # A ban is a decision on record: lift it by deleting it, not by editing it into another word.
        return ["word_list", "word", "banned_by", "created_at"] if obj else ["banned_by", "created_at"]

    def save_model(self, request, obj, form, change):
        if change:
            obj.save(update_fields=["reason"])
            return
        saved = hidden_word_ban(word_list=obj.word_list, word=obj.word, reason=obj.reason, banned_by=request.user)
        obj.pk, obj.word, obj.banned_by = saved.pk, saved.word, saved.banned_by
