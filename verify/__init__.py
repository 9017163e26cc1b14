"""The verifier: pure, deterministic checks that keep ZEHN's promise to cite or say "I don't know".

* :func:`verify.citation_gate.check_draft` - judge a draft answer against the evidence returned this turn.
* :func:`verify.hop_grader.grade_hop` / :func:`verify.hop_grader.grade_path` - grade traversal hops against
  their evidence sentences with a caller-supplied parser (:data:`verify.parsing.Parse`: a spaCy ``Language``, or
  the answering service's cached one).

Nothing here touches a database, the network, the filesystem or a model loader.
"""

from verify.citation_gate import check_draft
from verify.grades import HopGrade, HopInput, PathGrade, Via, path_grade, via_of
from verify.hop_grader import grade_hop, grade_path
from verify.parsing import Parse
from verify.verdicts import Abstained, Answered, Refused, Verdict, WeakSupport, abstain_message, answered_trailer

__all__ = [
    "Abstained", "Answered", "HopGrade", "HopInput", "Parse", "PathGrade", "Refused", "Verdict", "Via", "WeakSupport",
    "abstain_message", "answered_trailer", "check_draft", "grade_hop", "grade_path", "path_grade", "via_of",
]
