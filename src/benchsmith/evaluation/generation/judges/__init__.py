"""LLM judges: FRAMES autorater, mtRAG RB_llm, RAGAS-style faithfulness, mtRAG IDK.

Each judge is a registered generation metric whose `ajudge` runs through the LLM
layer (cache, ledger, retries). A reply that cannot be read becomes a Rejected
record: it is counted, never scored.
"""

from benchsmith.evaluation.generation.judges.autorater import Autorater, AutoraterVerdict
from benchsmith.evaluation.generation.judges.base import JudgeMetric, JudgeOutcome, JudgeVote
from benchsmith.evaluation.generation.judges.faithfulness import Faithfulness, Statements, StatementVerdicts
from benchsmith.evaluation.generation.judges.idk import IdkJudge, IdkVerdict
from benchsmith.evaluation.generation.judges.rb_llm import RbLlm, parse_rating

__all__ = ["Autorater", "AutoraterVerdict", "Faithfulness", "IdkJudge", "IdkVerdict", "JudgeMetric", "JudgeOutcome",
           "JudgeVote", "RbLlm", "StatementVerdicts", "Statements", "parse_rating"]
