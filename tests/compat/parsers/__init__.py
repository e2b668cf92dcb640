"""Our re-implementations of the logic of real, public parsers of the peers' output (README.md says
where each comes from). Each module names its PEER and maps each parser's name to a function
(stdout, stderr) -> dict of the fields that parser would extract."""
