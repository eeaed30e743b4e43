// The SQLite engine for Vignette's disk cache; see SQLiteCacheStorage.
@_exported import Vignette
