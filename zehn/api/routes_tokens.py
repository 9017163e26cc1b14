"""Who is asking (``GET /api/whoami``: the UI shows it beside its token field), and token administration over HTTP
(admin tokens only, 403 for others): list, create (the secret is in the answer, once), revoke. The same store as
``zehn token`` (:mod:`zehn.access.tokens`); a revoked token is refused from the next request on."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request
from pydantic import BaseModel, Field

from zehn.access import TokenStore
from zehn.api.auth import Admin, CurrentCaller
from zehn.api.errors import ErrorOut, NotFound

router = APIRouter(prefix="/api", tags=["tokens"])
ERRORS: dict[int | str, dict[str, object]] = {
    401: {"model": ErrorOut, "description": "no token, or a token that is not valid"},
    403: {"model": ErrorOut, "description": "the token is not an admin token"},
    404: {"model": ErrorOut}, 422: {"model": ErrorOut},
}


def token_store(request: Request) -> TokenStore:
    store: TokenStore = request.app.state.tokens
    return store


Store = Annotated[TokenStore, Depends(token_store)]


class TokenOut(BaseModel):
    id: str
    name: str
    groups: list[str]
    admin: bool
    created_at: str


class TokenList(BaseModel):
    tokens: list[TokenOut]


class TokenCreate(BaseModel):
    name: str = Field(min_length=1, max_length=64, description="Who holds it (history and 'user:NAME' access).")
    groups: list[str] = Field(default_factory=list, max_length=50, description="Groups of documents' access lists.")
    admin: bool = False


class TokenCreated(TokenOut):
    token: str = Field(description="The secret: shown only in this answer; only its sha256 is kept.")


class Revoked(BaseModel):
    revoked: list[TokenOut]


class WhoAmI(BaseModel):
    name: str = Field(description="The token's name; 'anonymous' without a (valid) token.")
    authenticated: bool = Field(description="False: no valid token was sent; reads see what everyone may read.")
    groups: list[str]
    admin: bool
    scope: list[str] = Field(description="The access tokens documents are matched against.")


@router.get("/whoami", response_model=WhoAmI, summary="Who this request reads and writes as")
def whoami(caller: CurrentCaller) -> WhoAmI:
    return WhoAmI(name=caller.name, authenticated=caller.authenticated, groups=list(caller.groups),
                  admin=caller.admin, scope=list(caller.scope.tokens))


@router.get("/tokens", response_model=TokenList, responses=ERRORS, summary="The API tokens (never their secrets)")
def list_tokens(_admin: Admin, store: Store) -> TokenList:
    return TokenList(tokens=[TokenOut(**r.public()) for r in store.records()])


@router.post("/tokens", response_model=TokenCreated, status_code=201, responses=ERRORS,
             summary="Create an API token; the secret is returned once")
def create_token(body: TokenCreate, _admin: Admin, store: Store) -> TokenCreated:
    record, secret = store.create(body.name, body.groups, body.admin)
    return TokenCreated(**record.public(), token=secret)


@router.delete("/tokens/{token_id}", response_model=Revoked, responses=ERRORS, summary="Revoke an API token")
def revoke_token(token_id: Annotated[str, Path(pattern=r"^tok_[0-9a-f]{12}$")], _admin: Admin,
                 store: Store) -> Revoked:
    gone = [r for r in store.records() if r.id == token_id]
    if not gone:
        raise NotFound(f"no token {token_id!r}")
    return Revoked(revoked=[TokenOut(**r.public()) for r in store.revoke(token_id)])
