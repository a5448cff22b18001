package dev.switchboard.access;

/** Who is calling: the key that authenticated the request (users and groups come later). */
public record Caller(long keyId, String keyName) {}
