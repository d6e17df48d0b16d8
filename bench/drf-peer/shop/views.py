"""The peer's calls, written as a Django shop would: generic views, select_related, prefetch."""
import datetime

from django.db.models import Prefetch
from rest_framework import generics
from rest_framework.response import Response
from rest_framework.views import APIView

from shop import serializers as s
from shop.models import Order, OrderGroup, OrderItem

DONE = ["COMPLETED", "SHIPPED", "CANCELLED", "DECLINED"]


class OrderList(generics.ListAPIView):
    serializer_class = s.OrderRow

    def get_queryset(self):
        qs = Order.objects.select_related("customer", "company").order_by("-created_at", "-id")
        statuses = self.request.query_params.get("status")
        if statuses:
            qs = qs.filter(status__in=statuses.split(","))
        name = self.request.query_params.get("name")
        if name:
            qs = qs.filter(name__icontains=name)
        return qs


class OrderDetail(generics.RetrieveAPIView):
    serializer_class = s.OrderDetail

    def get_queryset(self):
        # The lines by their order too: our table indexes order_items by (order_id, group_id,
        # position), with no index on group_id alone (a Django-made table would have one).
        items = OrderItem.objects.filter(order_id=self.kwargs["pk"]).order_by("position")
        groups = OrderGroup.objects.order_by("position").prefetch_related(Prefetch("items", queryset=items))
        return Order.objects.select_related("customer", "company").prefetch_related(Prefetch("groups", queryset=groups))

    def get_serializer_context(self):
        context = super().get_serializer_context()
        context["line_numbers"] = self.line_numbers
        return context

    def retrieve(self, request, *args, **kwargs):
        order = self.get_object()
        items = [item for group in order.groups.all() for item in group.items.all()]
        self.line_numbers = {item.id: n for n, item in enumerate(items, start=1)}
        return Response(self.get_serializer(order).data)


class LateReport(generics.ListAPIView):
    """Orders due before today and not done, the most days late first."""

    serializer_class = s.LateRow

    def get_queryset(self):
        today = datetime.date.today()
        return (
            Order.objects.select_related("customer", "company")
            .exclude(status__in=DONE)
            .filter(due_date__lt=today)
            # Today is one day for the whole page: the most days late is the earliest due date.
            .order_by("due_date", "id")
        )


class Me(APIView):
    def get(self, request):
        return Response(s.Me(request.user).data)
