from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = _("Chat")

    def ready(self) -> None:
        # The room socket hands reactions here (games.runtime.extra_frames): the runtime never imports chat.
        from chat import reactions
        from games.runtime import extra_frames

        extra_frames.register(reactions.FRAME, reactions.on_reaction)
