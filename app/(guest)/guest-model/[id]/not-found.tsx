export { default } from "@/app/(site)/model/[id]/not-found";
