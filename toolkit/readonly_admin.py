"""Read-only Django admin pages for state that changes only through services (games, groups and the
tournament queue, the ledger): operators look at rows there and act only through admin actions or forms
that call those services. Nobody adds, edits or deletes such a row in the admin, not even a superuser."""

from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False
