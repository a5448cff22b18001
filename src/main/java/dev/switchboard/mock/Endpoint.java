package dev.switchboard.mock;

/** The inference routes the mock serves, with the object names their replies carry. */
enum Endpoint {
  CHAT("chat.completion", "chat.completion.chunk", "chatcmpl-"),
  COMPLETIONS("text_completion", "text_completion", "cmpl-"),
  EMBEDDINGS("list", "list", "emb-");

  final String object;
  final String chunkObject;
  final String idPrefix;

  Endpoint(String object, String chunkObject, String idPrefix) {
    this.object = object;
    this.chunkObject = chunkObject;
    this.idPrefix = idPrefix;
  }
}
