"""The account pages in the site's own voice (issue 18): allauth and Django speak Spanish with "usted" ("¿Ha
olvidado su contraseña?"), the rest of the site with "tú", and the top bar says "Entrar" where allauth's page
said "Iniciar sesión". The project's catalogue (locale/, first in LOCALE_PATHS) translates these texts of theirs
again; they are listed here, marked and never used, so that `make messages` keeps them in the catalogue
(it drops what no source names). A text allauth renames upstream simply falls back to allauth's own translation.

English too (issue 33): allauth's own English is "Sign In" and "Sign Out" where the top bar says "Log in" and "Log
out", so the English catalogue (locale/en) says these few texts again, the way the Spanish one does.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

ALLAUTH_TEXTS = (
    gettext_noop("Sign In"),
    gettext_noop("Login"),
    gettext_noop("Signup"),
    gettext_noop("Sign Up"),
    gettext_noop("Sign Out"),
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

# What allauth says in its e-mails and messages and in the sign-in forms' errors (issue 33: a new player read
# "confirme su dirección", "vete a http://…", "Ha iniciado sesión exitosamente como anabel").
ALLAUTH_MAILS_AND_MESSAGES = (
    gettext_noop("You cannot remove your primary email address."),
    gettext_noop("The email address and/or password you specified are not correct."),
    gettext_noop("Please type your current password."),
    gettext_noop("You cannot add more than %d email addresses."),
    gettext_noop("Too many failed login attempts. Try again later."),
    gettext_noop("The email address is not assigned to any user account."),
    gettext_noop("Your primary email address must be verified."),
    gettext_noop("You must type the same password each time."),
    gettext_noop("You must type the same email each time."),
    gettext_noop("Please reauthenticate to safeguard your account."),
    gettext_noop(
        "You are receiving this email because you or someone else tried to signup for an\naccount using "
        "email address:\n\n%(email)s\n\nHowever, an account using that email address already exists.  In "
        "case you have\nforgotten about this, please use the password forgotten procedure to recover\nyour "
        "account:\n\n%(password_reset_url)s"
    ),
    gettext_noop(
        "You're receiving this email because user %(user_display)s has given your email address to register "
        "an account on %(site_domain)s."
    ),
    gettext_noop("To confirm this is correct, go to %(activate_url)s"),
    gettext_noop("Your email verification code is listed below. Please enter it in your open browser window."),
    gettext_noop("Please Confirm Your Email Address"),
    gettext_noop(
        "You're receiving this email because you or someone else has requested a password reset for your "
        "user account.\nIt can be safely ignored if you did not request a password reset. Click the link "
        "below to reset your password."
    ),
    gettext_noop("In case you forgot, your username is %(username)s."),
    gettext_noop("Password Reset Email"),
    gettext_noop("Account Already Exists"),
    gettext_noop("Your email address is still pending verification."),
    gettext_noop("You cannot remove your primary email address (%(email)s)."),
    gettext_noop("You have confirmed %(email)s."),
    gettext_noop("Successfully signed in as %(name)s."),
    gettext_noop("You have signed out."),
    gettext_noop("You are already logged in as %(user_display)s."),
    gettext_noop(
        "This part of the site requires us to verify that\nyou are who you claim to be. For this purpose, we "
        "require that you\nverify ownership of your email address. "
    ),
    gettext_noop(
        "We have sent an email to you for\nverification. Please click on the link inside that email. If you "
        "do not see the verification email in your main inbox, check your spam folder. Otherwise\ncontact us "
        "if you do not receive it within a few minutes."
    ),
    gettext_noop("Confirmation email sent to %(email)s."),
    gettext_noop("Hello from %(site_name)s!"),
    gettext_noop("Thank you for using %(site_name)s!\n%(site_domain)s"),
    gettext_noop("Unable to confirm %(email)s because it is already confirmed by a different account."),
)


def user_display(user) -> str:
    """What allauth calls a user ("Hola, %(name)s", the e-mails): the player's nickname, as every page says it, never
    the local part of their address (allauth's default with e-mail sign-in: "el usuario anabel")."""
    player = getattr(user, "player", None)
    if player is not None:
        return str(player.nickname)
    return str(user.get_username())
