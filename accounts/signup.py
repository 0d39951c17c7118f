"""allauth's sign-up page, as a guest finds it: the nickname they play under is already in the form (they may
change it). Everything else is allauth's SignupView (config/urls.py routes /accounts/signup/ here first)."""

from allauth.account.views import SignupView

from accounts.selectors import player_from_session


class GuestSignupView(SignupView):
    def get_initial(self) -> dict:
        initial = super().get_initial()
        player = player_from_session(user=None, session=self.request.session)
        if player is not None:
            initial.setdefault("nickname", player.nickname)
        return initial


signup = GuestSignupView.as_view()
