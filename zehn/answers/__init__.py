"""The answer object shared by the agent loop, the HTTP API and the CLI."""
