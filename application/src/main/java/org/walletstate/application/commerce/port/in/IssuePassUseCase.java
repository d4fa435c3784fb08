package org.walletstate.application.commerce.port.in;

import io.smallrye.mutiny.Uni;
import java.time.Instant;
import org.walletstate.domain.commerce.InStorePass;
import org.walletstate.domain.commerce.PassRequest;
import org.walletstate.domain.siwe.PurposeMismatch;

/** In-store passes: issued to a signed-in wallet (a sign-in, or a renewal token). */
public interface IssuePassUseCase {

  Uni<Issue> issue(PassRequest request);

  sealed interface Issue {
    /**
     * @param dataJson the signed {@code data} object {@code {pass, sig, kid, pqSig, pqKid}}
     * @param code the QR code's text
     * @param renewal a token for further passes without a new signature, until {@code
     *     renewalExpiresAt}
     */
    record Issued(
        InStorePass pass, String dataJson, String code, String renewal, Instant renewalExpiresAt)
        implements Issue {}

    /** The sign-in or renewal is not accepted (401). */
    record Refused(String reason) implements Issue {}

    /**
     * The sign-in is signed for another purpose (401). The adapter words it, describing each
     * purpose by where it takes it.
     */
    record OtherPurpose(PurposeMismatch mismatch) implements Issue {}
  }
}
