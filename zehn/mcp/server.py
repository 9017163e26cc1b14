"""The MCP server over ZEHN's services (the low-level ``mcp.server.Server``: schemas come from our catalogue, not
from Python signatures).

Tools (:mod:`zehn.mcp.registry`) run in a worker thread. What a tool raises becomes an error result
(``isError: true``) whose text starts with the kind of failure, never an empty success and never a crash:

==========================================  ============================================================
raised                                      error result text
==========================================  ============================================================
``Rejected`` (bad argument, blank input)    ``rejected: ...``
``Unavailable``, not ingested, no index     ``unavailable: ...`` (the graph or the model is down; retry)
any other ``ZehnError``                     ``error: ...``
anything else                               ``internal error`` (details only in the server log)
==========================================  ============================================================

Resources (:mod:`zehn.mcp.resources`): an unknown id is a protocol error with code -32002 (resource not found);
a graph that is down is an internal error whose message starts with ``unavailable:``.

Every handler works with the services bound to the request's caller (``Services.for_caller``): over HTTP the caller
the guard admitted for that request (its token's scope), over stdio the one ``zehn mcp`` was started as. A tool or
resource therefore reads exactly what that caller may read, as ``/api`` does.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib import metadata
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.shared.exceptions import MCPError
from pydantic import BaseModel

from extraction.errors import GraphNotIngested, MissingIndex, Rejected, Unavailable, ZehnError
from zehn.access import Caller
from zehn.access.caller import caller_of
from zehn.api.deps import Services
from zehn.api.errors import NotFound
from zehn.mcp import resources
from zehn.mcp.registry import ToolOutput, ToolSpec, tool_specs
from zehn.observability import request_id

log = logging.getLogger("zehn.mcp")
RESOURCE_NOT_FOUND = -32002  # the MCP specification's code for an unknown resource
INSTRUCTIONS = ("ZEHN answers questions about company knowledge only with citations: evidence ids (ev_ + 16 hex) "
                "that resolve to a document and an exact character range. Use 'ask' for an answer that passed the "
                "citation gate, or the named queries (resolve_entity first, then who_owns, depends_on, impact, ...) "
                "to explore; read zehn://evidence/{id} or zehn://documents/{id} to check a citation.")
ServicesGetter = Callable[[], Services]
CallerOf = Callable[[ServerRequestContext[Any]], Caller]


def http_caller(ctx: ServerRequestContext[Any]) -> Caller:
    """The caller of the HTTP request that carried this MCP message (anonymous without one)."""
    scope = getattr(ctx.request, "scope", None)
    return caller_of(scope.get("state") if isinstance(scope, dict) else None)


def _version() -> str:
    try:
        return metadata.version("zehn")
    except metadata.PackageNotFoundError:
        return "0.0.0"


def failure_text(exc: BaseException) -> str:
    if isinstance(exc, Rejected):
        return f"rejected: {exc}"
    if isinstance(exc, Unavailable | GraphNotIngested | MissingIndex):
        return f"unavailable: {exc}"
    if isinstance(exc, ZehnError):
        return f"error: {exc}"
    return "internal error (see the server log)"


def _tool(spec: ToolSpec) -> types.Tool:
    return types.Tool(name=spec.name, description=spec.description, input_schema=dict(spec.input_schema),
                      annotations=types.ToolAnnotations(read_only_hint=spec.read_only, open_world_hint=False))


def _result(output: ToolOutput) -> types.CallToolResult:
    structured = output.structured.model_dump(mode="json")
    return types.CallToolResult(content=[types.TextContent(type="text", text=output.text)],
                                structured_content=structured, is_error=output.is_error)


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


def _resource_json(model: BaseModel, uri: str) -> types.ReadResourceResult:
    return types.ReadResourceResult(contents=[types.TextResourceContents(
        uri=uri, mime_type=resources.MIME, text=model.model_dump_json())])


async def _run_tool(tools: dict[str, ToolSpec], services_of: ServicesGetter,
                    params: types.CallToolRequestParams) -> types.CallToolResult:
    """One tool call in a worker thread: an unknown tool or a failure is an error result, never a server crash."""
    spec = tools.get(params.name)
    if spec is None:
        return _error(f"rejected: unknown tool {params.name!r}; the tools are: {', '.join(tools)}")
    services = services_of()
    request_id.current_or_new()  # bound here, copied into the worker thread with the context
    try:
        output = await anyio.to_thread.run_sync(spec.run, services, params.arguments or {})
    except Exception as exc:  # a failure is an error result for the caller, never a crash of the server
        if not isinstance(exc, ZehnError):
            log.exception("MCP tool %s failed", spec.name)
        return _error(failure_text(exc))
    return _result(output)


def build_server(get_services: ServicesGetter, specs: tuple[ToolSpec, ...] | None = None,
                 caller: CallerOf = http_caller) -> Server[Any]:
    """An MCP server whose handlers read the services through ``get_services`` (they may start after it is built),
    bound to ``caller(ctx)`` for each message."""
    tools = {spec.name: spec for spec in (specs if specs is not None else tool_specs())}

    def services_for(ctx: ServerRequestContext[Any]) -> Services:
        return get_services().for_caller(caller(ctx))

    async def list_tools(_ctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None,
                         ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[_tool(spec) for spec in tools.values()])

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams,
                        ) -> types.CallToolResult:
        return await _run_tool(tools, lambda: services_for(ctx), params)

    async def list_resources(ctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None,
                             ) -> types.ListResourcesResult:
        try:
            docs = await anyio.to_thread.run_sync(resources.list_documents, services_for(ctx))
        except ZehnError as exc:
            raise MCPError(types.INTERNAL_ERROR, failure_text(exc)) from exc
        return types.ListResourcesResult(resources=[
            types.Resource(name=d.title, uri=d.uri, mime_type=resources.MIME) for d in docs])

    async def list_templates(_ctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None,
                             ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=[
            types.ResourceTemplate(name="document", uri_template=resources.DOCUMENT_TEMPLATE, mime_type=resources.MIME,
                                   description="A document with the full text every evidence offset points into."),
            types.ResourceTemplate(name="evidence", uri_template=resources.EVIDENCE_TEMPLATE, mime_type=resources.MIME,
                                   description="One evidence sentence: document, chunk, exact character range.")])

    async def read_resource(ctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams,
                            ) -> types.ReadResourceResult:
        uri = str(params.uri)
        try:
            model = await anyio.to_thread.run_sync(resources.read, services_for(ctx), uri)
        except NotFound as exc:
            raise MCPError(RESOURCE_NOT_FOUND, str(exc), {"uri": uri}) from exc
        except ZehnError as exc:
            raise MCPError(types.INTERNAL_ERROR, failure_text(exc), {"uri": uri}) from exc
        return _resource_json(model, uri)

    return Server("zehn", version=_version(), instructions=INSTRUCTIONS, on_list_tools=list_tools,
                  on_call_tool=call_tool, on_list_resources=list_resources,
                  on_list_resource_templates=list_templates, on_read_resource=read_resource)
