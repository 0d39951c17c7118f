from django.urls import path

from challenges import views

urlpatterns = [
    path("challenges/", views.challenge_list, name="challenges"),
    path("challenges/new/<int:player_id>/", views.challenge_new, name="challenge_new"),
    *[
        path(
            f"challenges/<int:challenge_id>/{answer}/",
            views.challenge_answer,
            {"answer": answer},
            name=f"challenge_{answer}",
        )
        for answer in ("accept", "decline", "cancel")
    ],
]
