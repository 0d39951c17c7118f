"""The account pages in the site's own voice (issue 18): allauth and Django speak Spanish with "usted" ("¿Ha
olvidado su contraseña?"), the rest of the site with "tú", and the top bar says "Entrar" where allauth's page
said "Iniciar sesión". The project's catalogue (locale/, first in LOCALE_PATHS) translates these texts of theirs
again; they are listed here, marked and never used, so that `make messages` keeps them in the catalogue
(it drops what no source names). A text allauth renames upstream simply falls back to allauth's own translation.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

ALLAUTH_TEXTS = (
    gettext_noop("Sign In"),
    gettext_noop("Login"),
    gettext_noop("Signup"),
    gettext_noop("Forgot your password?"),
    gettext_noop("Password Reset"),
    gettext_noop("This account is inactive."),
    gettext_noop("The following email addresses are associated with your account:"),
    gettext_noop("Do you really want to remove the selected email address?"),
    gettext_noop(
        'Please confirm that <a href="mailto:%(email)s">%(email)s</a> is an email address for user %(user_display)s.'
    ),
    gettext_noop(
        'This email confirmation link expired or is invalid. Please <a href="%(email_url)s">issue a new email '
        "confirmation request</a>."
    ),
    gettext_noop("If you have not created an account yet, then please %(link)ssign up%(end_link)s first."),
    gettext_noop("Are you sure you want to sign out?"),
    gettext_noop(
        "Forgotten your password? Enter your email address below, and we'll send you an email allowing you to reset it."
    ),
    gettext_noop("Please contact us if you have any trouble resetting your password."),
    gettext_noop(
        "We have sent you an email. If you have not received it please check your spam folder. Otherwise contact us "
        "if you do not receive it in a few minutes."
    ),
    gettext_noop(
        "The password reset link was invalid, possibly because it has already been used.  Please request a "
        '<a href="%(passwd_reset_url)s">new password reset</a>.'
    ),
    gettext_noop("Your password is now changed."),
    gettext_noop("Enter your password:"),
    gettext_noop("Already have an account? Then please %(link)ssign in%(end_link)s."),
    gettext_noop("Verify Your Email Address"),
    gettext_noop(
        "We have sent an email to you for verification. Follow the link provided to finalize the signup process. "
        "If you do not see the verification email in your main inbox, check your spam folder. Please contact us if "
        "you do not receive the verification email within a few minutes."
    ),
)

DJANGO_TEXTS = (
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
)
