package org.walletstate.adapters.http.attest;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import java.util.Map;
import org.walletstate.adapters.http.envelope.ApiError;
import org.walletstate.adapters.http.mcp.ToolAnswers;
import org.walletstate.adapters.http.mcp.ToolSet;
import org.walletstate.application.account.port.in.Paid.Settlement;
import org.walletstate.application.attest.port.in.AttestCommand;
import org.walletstate.application.attest.port.in.AttestCommands;
import org.walletstate.application.attest.port.in.AttestOutcome;
import org.walletstate.application.attest.port.in.AttestUseCase;
import org.walletstate.domain.account.Payer;
import org.walletstate.domain.payload.KeyVersion;

/**
 * The attest tools of {@code /mcp}: {@code attest} (paid from the shared allowance, the same use
 * case as {@code POST /v1/attest}) and {@code compliance_templates}. The metered tool parses first
 * and draws from the allowance only for a valid request, so bad arguments never use it up.
 */
public class AttestTools implements ToolSet {

  /** The service account's key era: the migration creates it as a v2 account. */
  static final KeyVersion ACCOUNT_VERSION = KeyVersion.V2;

  // Fields written out by design: each class holds only what it is given.
  private final AttestUseCase attest;
  private final ToolAnswers answers;

  public AttestTools(AttestUseCase attest, ToolAnswers answers) {
    this.attest = attest;
    this.answers = answers;
  }

  @Override
  public Map<String, Tool> tools() {
    return Map.of("compliance_templates", args -> templates(), "attest", this::attest);
  }

  private Uni<ToolResponse> templates() {
    JsonNode data = answers.tree(ComplianceTemplatesResource.data());
    return Uni.createFrom().item(ToolAnswers.success(data.toString(), data));
  }

  private Uni<ToolResponse> attest(Map<String, Object> args) {
    AttestCommand command = AttestCommands.parse(answers.body(args), ACCOUNT_VERSION);
    return attest
        .attest(Payer.sharedAllowance(), command)
        .map(paid -> answers.drawn(paid, this::answer));
  }

  // Summarised as the trust tool summarises a profile, by design: each names its own result's
  // fields.
  private ToolResponse answer(AttestOutcome outcome, Settlement.Drawn drawn) {
    if (outcome instanceof AttestOutcome.Signed signed) {
      JsonNode data = ToolAnswers.exact(signed.dataJson());
      JsonNode attestation = data.get("attestation");
      return answers.metered(
          "Attestation "
              + attestation.get("id").asText()
              + ": pass="
              + attestation.get("pass").asBoolean()
              + " ("
              + attestation.get("passCount").asInt()
              + " met, "
              + attestation.get("failCount").asInt()
              + " not met), "
              + ToolAnswers.signedWith(data),
          data,
          drawn);
    }
    if (outcome instanceof AttestOutcome.Unavailable unavailable) {
      return answers.rpcFailure(
          unavailable.failedConditions().stream().map(AttestResource::failedRead).toList());
    }
    if (outcome instanceof AttestOutcome.Refused refused) {
      return answers.error(ApiError.badRequest(refused.message()));
    }
    AttestOutcome.InsufficientCredits shortOf = (AttestOutcome.InsufficientCredits) outcome;
    return answers.error(answers.insufficient(shortOf.available(), shortOf.required()));
  }
}
