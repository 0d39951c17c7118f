"""Lobby: the home page, the lobby socket, and (as games arrive) matchmaking, party links, offers."""
