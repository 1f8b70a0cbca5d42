"""The per-user folder: storage (atomic JSON, damaged files set aside), saves, statistics, settings."""
