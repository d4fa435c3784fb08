package org.walletstate.adapters.http.attest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.walletstate.adapters.http.envelope.Envelopes;
import org.walletstate.adapters.http.ratelimit.RateLimited;
import org.walletstate.adapters.http.ratelimit.RatePolicy;
import org.walletstate.domain.attest.template.ComplianceTemplate;
import org.walletstate.domain.attest.template.ComplianceTemplates;

/** {@code GET /v1/compliance/templates}: public, the named EAS checks callers can use. */
@Path("/v1/compliance/templates")
@Tag(name = "core")
public class ComplianceTemplatesResource {

  private final Envelopes envelopes;
  private final Map<String, TemplateView> templates;

  @Inject
  public ComplianceTemplatesResource(Envelopes envelopes) {
    this.envelopes = envelopes;
    this.templates = data().templates();
  }

  /** The answer's {@code data}: every template, in the catalogue's order. */
  public static Templates data() {
    Map<String, TemplateView> m = new LinkedHashMap<>();
    for (ComplianceTemplate t : ComplianceTemplates.all()) {
      m.put(t.name(), TemplateView.of(t));
    }
    return new Templates(Collections.unmodifiableMap(m));
  }

  /** One template as the interface shows it. */
  @JsonPropertyOrder({"provider", "description", "chainId", "chainName"})
  public record TemplateView(
      String provider, String description, Object chainId, String chainName) {
    static TemplateView of(ComplianceTemplate t) {
      return new TemplateView(
          t.provider(), t.description(), t.chain().id().wireValue(), t.chain().name());
    }
  }

  /** The body's {@code data}. */
  public record Templates(Map<String, TemplateView> templates) {}

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @RateLimited(RatePolicy.TEMPLATES)
  @Operation(summary = "The compliance templates usable in eas_attestation conditions")
  public Response list() {
    return envelopes.ok(new Templates(templates));
  }
}
