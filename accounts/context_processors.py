def player(request):
    found = getattr(request, "player", None)
    # SimpleLazyObject wrapping None is truthy; unwrap so templates can test {% if player %}.
    return {"player": found if found else None}
