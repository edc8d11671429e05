/**
 * The contracts of CaseCreationWorkflow and ProvidenceWorkflow, and the signed system document
 * (CAEX cover, PV) both return. Safe to import from workflow code.
 */
export const CASE_CREATION_WORKFLOW = 'caseCreationWorkflow';
export type CaseCreationWorkflow = (input: CaseCreationInput) => Promise<CaseCreationResult>;
export const PROVIDENCE_WORKFLOW = 'providenceWorkflow';
export type ProvidenceWorkflow = (input: ProvidenceInput) => Promise<SignedSystemDocument>;

export interface SignedSystemDocument {
  documentId: string;
  officialNumber: string;
  signedAt: string;
}

export interface CaseCreationInput {
  tenant: string;
  userId: string;
  key: string;
  templateId: string;
  reference: string;
  ownerSectorId: string | null;
}

export interface CaseCreationResult {
  caseId: string;
  caseNumber: string;
  reference: string;
  status: 'active';
  createdAt: string;
  cover: SignedSystemDocument;
}

export interface ProvidenceInput {
  tenant: string;
  userId: string;
  movementId: string;
}
