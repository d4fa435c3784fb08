package org.walletstate.adapters.http.trust;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.mcp.ToolAnswers;
import org.walletstate.adapters.http.mcp.ToolSet;
import org.walletstate.application.account.port.in.Paid.Settlement;
import org.walletstate.application.trust.port.in.TrustBatchCommand;
import org.walletstate.application.trust.port.in.TrustBatchOutcome;
import org.walletstate.application.trust.port.in.TrustBatchUseCase;
import org.walletstate.application.trust.port.in.TrustCommand;
import org.walletstate.application.trust.port.in.TrustCommands;
import org.walletstate.application.trust.port.in.TrustOutcome;
import org.walletstate.application.trust.port.in.TrustProfileUseCase;
import org.walletstate.domain.account.Payer;

/**
 * The trust tools of {@code /mcp}, paid from the shared allowance: {@code wallet_trust} and {@code
 * batch_wallet_trust}, the same use cases as {@code POST /v1/trust} and {@code /v1/trust/batch}.
 */
public class TrustTools implements ToolSet {

  // Fields written out by design: each class holds only what it is given.
  private final TrustProfileUseCase profiles;
  private final TrustBatchUseCase batches;
  private final ToolAnswers answers;

  public TrustTools(TrustProfileUseCase profiles, TrustBatchUseCase batches, ToolAnswers answers) {
    this.profiles = profiles;
    this.batches = batches;
    this.answers = answers;
  }

  @Override
  public Map<String, Tool> tools() {
    return Map.of("wallet_trust", this::trust, "batch_wallet_trust", this::batch);
  }

  // Drawn and answered in the same steps as batch by design: each over its own use case and
  // outcome.
  private Uni<ToolResponse> trust(Map<String, Object> args) {
    TrustCommand command = TrustCommands.profile(answers.body(args));
    return profiles
        .profile(Payer.sharedAllowance(), command)
        .map(
            paid ->
                answers.drawn(
                    paid,
                    (outcome, drawn) -> {
                      if (outcome instanceof TrustOutcome.Signed signed) {
                        JsonNode data = ToolAnswers.exact(signed.dataJson());
                        return answers.metered(profileSummary(data), data, drawn);
                      }
                      if (outcome instanceof TrustOutcome.Unavailable unavailable) {
                        return answers.rpcFailure(
                            TrustResource.failedReads(unavailable.failures()));
                      }
                      TrustOutcome.InsufficientCredits shortOf =
                          (TrustOutcome.InsufficientCredits) outcome;
                      return answers.error(
                          answers.insufficient(shortOf.available(), shortOf.required()));
                    }));
  }

  private Uni<ToolResponse> batch(Map<String, Object> args) {
    TrustBatchCommand command = TrustCommands.batch(answers.body(args));
    int requested = command.entries().size();
    return batches
        .profiles(Payer.sharedAllowance(), command)
        .map(
            paid ->
                answers.drawn(
                    paid,
                    (outcome, drawn) -> {
                      if (outcome instanceof TrustBatchOutcome.InsufficientCredits shortOf) {
                        return answers.error(
                            answers.insufficient(shortOf.available(), shortOf.required()));
                      }
                      return batchAnswer((TrustBatchOutcome.Answered) outcome, requested, drawn);
                    }));
  }

  private ToolResponse batchAnswer(
      TrustBatchOutcome.Answered answered, int requested, Settlement.Drawn drawn) {
    List<Object> results = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    for (TrustBatchOutcome.Entry entry : answered.results()) {
      if (entry instanceof TrustBatchOutcome.Profiled profiled) {
        JsonNode data = ToolAnswers.exact(profiled.dataJson());
        results.add(data);
        lines.add("- " + profileSummary(data));
      } else {
        TrustBatchOutcome.Failed failed = (TrustBatchOutcome.Failed) entry;
        results.add(
            new TrustResource.BatchError(
                false,
                failed.wallet(),
                new Envelopes.RpcFailureBody(
                    "rpc_failure",
                    Envelopes.RPC_FAILURE_MESSAGE,
                    TrustResource.failedReads(failed.failures()))));
        lines.add(
            "- "
                + failed.wallet()
                + ": not profiled (rpc_failure: a chain could not be read; nothing signed or"
                + " charged for it)");
      }
    }
    long succeeded = answered.succeeded();
    JsonNode data =
        answers.tree(
            new TrustResource.BatchData(
                results,
                new TrustResource.BatchSummary(requested, succeeded, requested - succeeded)));
    String text =
        requested
            + " wallet(s): "
            + succeeded
            + " profiled and signed, "
            + (requested - succeeded)
            + " failed. The full signed profiles are in structuredContent (data.results).\n"
            + String.join("\n", lines);
    return answers.metered(text, data, drawn);
  }

  private static String profileSummary(JsonNode data) {
    JsonNode trust = data.get("trust");
    JsonNode summary = trust.get("summary");
    return "Trust profile "
        + trust.get("id").asText()
        + " of "
        + trust.get("wallet").asText()
        + ": "
        + summary.get("totalChecks").asInt()
        + " checks, "
        + summary.get("totalPassed").asInt()
        + " passed, "
        + summary.get("totalFailed").asInt()
        + " failed, "
        + summary.get("totalNotEvaluated").asInt()
        + " not evaluated; "
        + ToolAnswers.signedWith(data);
  }
}
