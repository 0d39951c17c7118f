from celery import shared_task

from lobby.quickmatch import quick_match_launch


@shared_task(name="lobby.launch_quick_match", ignore_result=True)
def launch_quick_match(room_id: int) -> bool:
    return quick_match_launch(room_id=room_id) is not None
