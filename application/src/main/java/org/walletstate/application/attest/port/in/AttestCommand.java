package org.walletstate.application.attest.port.in;

import java.util.Objects;
import org.walletstate.domain.attest.AttestRequest;
import org.walletstate.domain.attest.ResponseFormat;

/**
 * A validated attest request as {@link AttestUseCase} takes it ({@code POST /v1/attest}, the {@code
 * /mcp} attest tool, a watch's kept body), read by {@link AttestCommands}: what it asks of the
 * chains, which the domain plans, reads and evaluates, and how the answer is delivered.
 *
 * @param request the wallets, conditions, anchor, assurance and the options the evaluation signs
 * @param format the response format, which shapes the answer only
 */
public record AttestCommand(AttestRequest request, ResponseFormat format) {

  public AttestCommand {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(format, "format");
  }
}
