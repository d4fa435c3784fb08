package org.walletstate.adapters.http.tlog;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Base64;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.application.tlog.port.in.LogQuery;
import org.walletstate.domain.tlog.LoggedStatement;

/**
 * The transparency log, public: the newest signed checkpoint (a C2SP signed note, {@code
 * text/plain}), an entry's index and inclusion proof, consistency proofs, the note key, and the
 * tree and its entries as C2SP {@code tlog-tiles} (tiles of hashes and entry bundles, immutable
 * once the tree holds them).
 */
@Path("/v1/log")
@Tag(name = "core")
public class LogResource {

  static final MediaType NOTE = MediaType.valueOf("text/plain; charset=utf-8");
  private static final int MAX_ID = 128;

  /** A tile's bytes never change once served: any cache may keep them. */
  static final String IMMUTABLE = "public, max-age=31536000, immutable";

  private final LogQuery log;
  private final Envelopes envelopes;

  @Inject
  public LogResource(LogQuery log, Envelopes envelopes) {
    this.log = log;
    this.envelopes = envelopes;
  }

  /** An entry: its statement and leaf index and, once integrated, its proof. */
  public record Entry(
      String id,
      String kind,
      String kid,
      String statementHash,
      String leaf,
      boolean integrated,
      Long index,
      Long treeSize,
      List<String> inclusionProof,
      String checkpoint) {}

  /** The note keys: the P-256 one, and the Ed25519 one as a C2SP verifier key when there is one. */
  public record Key(
      String origin, String keyId, String algorithm, String publicKey, String ed25519VerifierKey) {}

  /** A consistency proof between two tree sizes, with the newest checkpoint. */
  public record Consistency(long from, long to, List<String> proof, String checkpoint) {}

  @GET
  @Path("/checkpoint")
  @Produces("text/plain")
  @RateLimited(RatePolicy.LOG)
  @Operation(summary = "The newest signed checkpoint of the transparency log")
  public Uni<Response> checkpoint() {
    return log.checkpoint()
        .map(
            note ->
                Response.ok(
                        note.orElseThrow(
                            () ->
                                new ApiError(404, "the log has no checkpoint yet; retry shortly")),
                        NOTE)
                    .build());
  }

  @GET
  @Path("/key")
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.LOG)
  @Operation(summary = "The key the log's checkpoints are signed with")
  public Response key() {
    LogQuery.NoteKey key = log.noteKey();
    return envelopes.ok(
        new Key(
            key.origin(), key.keyId(), key.algorithm(), key.publicKey(), key.ed25519VerifierKey()));
  }

  // Each read of the log declared as its own GET by design: its own path, policy and summary.
  @GET
  @Path("/entries/{id}")
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.LOG)
  @Operation(summary = "A signed statement's leaf index and inclusion proof")
  public Uni<Response> entry(@PathParam("id") String id) {
    if (id == null || id.isEmpty() || id.length() > MAX_ID || !id.matches("[A-Za-z0-9_-]+")) {
      throw ApiError.badRequest(
          "id must be a statement id or the 64 hex digits of a statement hash (letters, digits, _"
              + " and -, at most "
              + MAX_ID
              + ")");
    }
    return log.entry(id).map(answer -> envelopes.ok(view(answer)));
  }

  @GET
  @Path("/consistency")
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.LOG)
  @Operation(summary = "A consistency proof between two tree sizes")
  public Uni<Response> consistency(@QueryParam("from") String from, @QueryParam("to") String to) {
    long first = size("from", from);
    long second = size("to", to);
    return log.consistency(first, second)
        .map(
            answer -> {
              if (answer instanceof LogQuery.ConsistencyAnswer.Refused refused) {
                throw ApiError.badRequest(refused.reason());
              }
              var proof = (LogQuery.ConsistencyAnswer.Proof) answer;
              return envelopes.ok(
                  new Consistency(
                      proof.from(), proof.to(), base64(proof.proof()), proof.checkpoint()));
            });
  }

  @GET
  @Path("/tile/entries/{index: .+}")
  @Produces(MediaType.APPLICATION_OCTET_STREAM)
  @RateLimited(RatePolicy.LOG)
  @Operation(summary = "An entry bundle of the log (C2SP tlog-tiles)")
  public Uni<Response> entryBundle(
      @PathParam("index") String index, @HeaderParam("Accept-Encoding") String accepted) {
    return tileAnswer(
        log.entryBundle(TilePath.bundle(index)), true, BundleEncoding.acceptsGzip(accepted));
  }

  @GET
  @Path("/tile/{tile: .+}")
  @Produces(MediaType.APPLICATION_OCTET_STREAM)
  @RateLimited(RatePolicy.LOG)
  @Operation(summary = "A tile of the log's hashes (C2SP tlog-tiles)")
  public Uni<Response> tile(@PathParam("tile") String tile) {
    return tileAnswer(log.tile(TilePath.tile(tile)), false, false);
  }

  /**
   * The tile's bytes, immutable; a bundle's vary with {@code Accept-Encoding}, and are
   * gzip-compressed ({@code Content-Encoding: gzip}) when {@code gzip}.
   */
  private static Uni<Response> tileAnswer(
      Uni<LogQuery.TileAnswer> answer, boolean bundle, boolean gzip) {
    return answer.map(
        found -> {
          // A 404 built in place by design: its words name this tree's size.
          if (found instanceof LogQuery.TileAnswer.Beyond beyond) {
            throw new ApiError(
                404,
                "the newest checkpoint's tree ("
                    + beyond.treeSize()
                    + " entries) does not hold this tile");
          }
          byte[] bytes = ((LogQuery.TileAnswer.Content) found).bytes();
          Response.ResponseBuilder ok =
              Response.ok(
                      gzip ? BundleEncoding.gzip(bytes) : bytes,
                      MediaType.APPLICATION_OCTET_STREAM_TYPE)
                  .header("Cache-Control", IMMUTABLE);
          if (bundle) {
            ok.header("Vary", "Accept-Encoding");
          }
          return (gzip ? ok.header("Content-Encoding", "gzip") : ok).build();
        });
  }

  private static Entry view(LogQuery.EntryAnswer answer) {
    if (answer instanceof LogQuery.EntryAnswer.Included included) {
      return entry(
          included.statement(),
          included.index(),
          included.treeSize(),
          base64(included.proof()),
          included.checkpoint());
    }
    if (answer instanceof LogQuery.EntryAnswer.Pending pending) {
      return entry(
          pending.statement(),
          pending.index().isPresent() ? pending.index().getAsLong() : null,
          null,
          null,
          null);
    }
    throw new ApiError(404, "no statement with this id is in the log");
  }

  /** An entry as answered: integrated when a checkpoint (with its tree size and proof) holds it. */
  private static Entry entry(
      LoggedStatement s, Long index, Long treeSize, List<String> proof, String checkpoint) {
    return new Entry(
        s.id(),
        s.kind(),
        s.kid(),
        s.hashHex(),
        leaf(s),
        checkpoint != null,
        index,
        treeSize,
        proof,
        checkpoint);
  }

  private static String leaf(LoggedStatement statement) {
    return new String(statement.leafData(), java.nio.charset.StandardCharsets.UTF_8);
  }

  private static List<String> base64(List<byte[]> hashes) {
    return hashes.stream().map(Base64.getEncoder()::encodeToString).toList();
  }

  private static long size(String name, String text) {
    if (text == null || text.isEmpty()) {
      throw ApiError.badRequest(name + " is required: a tree size (a whole number from 1)");
    }
    if (text.length() > 19 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw ApiError.badRequest(name + " must be a tree size (a whole number from 1)");
    }
    return Long.parseLong(text);
  }
}
